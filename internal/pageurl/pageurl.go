// Package pageurl reads the page's options from its address: the query (?variant=forced)
// and the fragment (#variant=forced, or just #forced). Plain Go, so it is tested natively;
// main reads location.search and location.hash in the browser and passes them here.
package pageurl

import (
	"net/url"
	"strings"
)

// DefaultVariant is the game shown when the address names none.
const DefaultVariant = "chess"

// Variant is the game named by the address: the fragment wins over the query, so a shared
// link can override a page's own query. The name is lower case and not yet checked
// against the registry.
func Variant(search, hash string) string {
	hash = strings.TrimPrefix(hash, "#")
	if hash != "" && !strings.Contains(hash, "=") && !strings.Contains(hash, "&") {
		return strings.ToLower(hash)
	}
	for _, s := range []string{hash, strings.TrimPrefix(search, "?")} {
		q, err := url.ParseQuery(s)
		if err != nil {
			continue
		}
		if v := strings.TrimSpace(q.Get("variant")); v != "" {
			return strings.ToLower(v)
		}
	}
	return DefaultVariant
}
