package p2p

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
)

// Digest is a SHA-256 value: a commitment, a chain link, a full log hash.
type Digest [32]byte

// Nonce is the 32 random bytes that hide a committed value until it is opened.
type Nonce [32]byte

// GameID names one game of a match; commitments bind to it so that none can be replayed
// into another game (a rematch gets a new id).
type GameID [16]byte

// Domain tags keep commitments of one purpose from ever matching those of another.
const (
	tagCoin    = "quintet/p2p/v1 coin"
	tagMove    = "quintet/p2p/v1 sealed move"
	tagSecret  = "quintet/p2p/v1 secret"
	tagChain   = "quintet/p2p/v1 draw chain"
	tagDraw    = "quintet/p2p/v1 draw value"
	tagLog     = "quintet/p2p/v1 log"
	tagSession = "quintet/p2p/v2 session"
	tagProof   = "quintet/p2p/v2 resume proof"
)

// NewNonce draws a nonce from crypto/rand.
func NewNonce() Nonce {
	var n Nonce
	if _, err := rand.Read(n[:]); err != nil {
		panic("p2p: crypto/rand failed: " + err.Error()) // never happens on supported platforms
	}
	return n
}

// Commit is SHA-256(domain ‖ game id ‖ seq ‖ player ‖ value ‖ nonce): it binds the player
// to value in slot seq of game id without showing it. Every variable-length part is
// length-prefixed so no two inputs share an encoding.
func Commit(domain string, id GameID, seq uint32, player uint8, value []byte, nonce Nonce) Digest {
	h := sha256.New()
	var b [8]byte
	binary.BigEndian.PutUint32(b[:4], uint32(len(domain)))
	h.Write(b[:4])
	h.Write([]byte(domain))
	h.Write(id[:])
	binary.BigEndian.PutUint32(b[:4], seq)
	h.Write(b[:4])
	h.Write([]byte{player})
	binary.BigEndian.PutUint32(b[:4], uint32(len(value)))
	h.Write(b[:4])
	h.Write(value)
	h.Write(nonce[:])
	var d Digest
	h.Sum(d[:0])
	return d
}

// u64 is v in eight big-endian bytes, the value encoding of committed numbers.
func u64(v uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	return b[:]
}

// Chain is one side's hash chain of draw contributions. The side picks a random seed
// x[n], publishes the head x[0] = H^n(x[n]) once, and opens draw k (1-based) by revealing
// x[k], which the other side checks with one hash against x[k-1]. Every contribution is
// thus fixed before the game starts and none of the other side's is known: neither can
// bias a draw, and a draw costs one message each way sent at the same time.
type Chain struct {
	links []Digest // links[k] = x[k]; links[0] is the head
}

// ChainLen is the number of draws one chain serves; a new chain is published when it runs
// low (see the match's draw handling).
const ChainLen = 4096

// NewChain makes a chain of n draws from a fresh random seed.
func NewChain(id GameID, player uint8, n int) *Chain {
	return chainFrom(id, player, Digest(NewNonce()), n)
}

func chainFrom(id GameID, player uint8, seed Digest, n int) *Chain {
	c := &Chain{links: make([]Digest, n+1)}
	c.links[n] = seed
	for k := n; k > 0; k-- {
		c.links[k-1] = chainStep(id, player, c.links[k])
	}
	return c
}

// chainStep is one hash of the chain: x[k-1] = H(tag ‖ id ‖ player ‖ x[k]).
func chainStep(id GameID, player uint8, x Digest) Digest {
	return Commit(tagChain, id, 0, player, x[:], Nonce{})
}

// Head is the published chain head x[0].
func (c *Chain) Head() Digest { return c.links[0] }

// Len is the number of draws the chain serves.
func (c *Chain) Len() int { return len(c.links) - 1 }

// Link is x[k], the preimage that opens draw k (1 ≤ k ≤ Len).
func (c *Chain) Link(k int) Digest { return c.links[k] }

// chainFollows reports whether x is the preimage of prev.
func chainFollows(id GameID, player uint8, prev, x Digest) bool {
	return chainStep(id, player, x) == prev
}

// drawValue turns an opened chain link into a contribution 0…rng-1. The link is uniform
// and 64-bit reduction modulo a small range has negligible bias (below 2^-58 for rng ≤ 64).
func drawValue(id GameID, player uint8, k uint32, x Digest, rng int) uint8 {
	d := Commit(tagDraw, id, k, player, x[:], Nonce{})
	return uint8(binary.BigEndian.Uint64(d[:8]) % uint64(rng))
}
