package lang

// russian translates the English texts of the page.
var russian = map[string]string{}
