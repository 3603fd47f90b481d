// Package p2p plays a game between two people over a peer-to-peer link: the transport
// (a WebRTC data channel behind the Conn interface), the signaling codes that replace a
// server, and the match protocol that keeps both sides honest.
//
// # Transport and signaling
//
// Conn is a reliable, ordered, message-preserving link. NewHost / NewGuest open one over
// pion's WebRTC natively (rtc.go) and over the page's own RTCPeerConnection in the browser
// (rtc_js.go), behind the same types; Pipe is an in-memory pair for tests. The host's
// offer and the guest's answer travel as short codes (Signal.Code): the description cut
// to ICE credentials, DTLS fingerprint and role, and candidates, packed in binary,
// deflated and base64url-encoded — about 135 characters with one candidate. Package
// p2p/relay carries the codes through public MQTT relays, sealed with a room key that
// only the join link holds.
//
// # Match protocol (version 3)
//
// Every message is one binary frame (msg.go): magic, version, type, a sequence number
// (per sender, for the whole match), an acknowledgement (the last number received), the
// sender's public hash of the state the message applies to, and a type-specific body read
// exactly. Frames over MaxMessage, unknown versions, replays, gaps and trailing bytes are
// refused before they touch the game.
//
// The public hash is the first eight bytes of a SHA-256 chain over the public log: the
// inputs with secrets sealed, and, in games without secrets, the engine's own Rules.Hash
// after each input (so two builds whose rules differ are caught too). In a game with
// secrets each side's state differs by its own secrets, so only the log is bound.
//
// Handshake (handshake.go): the host proposes the game, options, start position and
// version range with a commitment to a random coin; the guest answers with the same game
// and its own coin; the host opens its coin, and the low bits decide the colours. Both
// hellos carry the head of each side's draw chain and a random token. The guest plays
// only the game its link names (Config: a guest's variant and options, and its start,
// "" the variant's), refusing any other. The first flip in a room stands: both sides keep
// a memo (Match.Flip, given back as Config.Flip), so a host that saw its colour and
// aborted cannot pair again for another.
//
// Commitments are SHA-256(domain ‖ game id ‖ slot ‖ player ‖ value ‖ 32-byte nonce)
// (commit.go), the slot being the log index where the value was fixed.
//
//   - Sealed simultaneous moves: both send a commitment (Seal), then both open it (Open)
//     once the other's commitment has arrived; the pair is checked on a copy and applied
//     White first.
//   - Secrets: a move that fixes one (the game's Sealer says which: Crown's choice, mined stones,
//     hidden square, crowned half) goes out sealed, with one commitment per secret cell
//     (the hidden square has one per square, so "is it on e4?" opens one bit). Reveal
//     steps open the cells the rules ask for. At the end every secret is open, and each
//     side replays the whole game with all secrets known (the referee check), so an
//     illegal secret is found even if it was never asked.
//   - Shared draws: each side's contributions come from a hash chain whose head was sent
//     in the handshake; a draw costs one message each way, sent at the same time (half a
//     round trip), and neither side can bias it. A side whose chain runs low sends the
//     next one's head (Chain) before any of the draws it serves.
//
// Offers (draw, takeback of N plies, rematch with colours swapped), resignation, claims
// and chat ride the same frames. A game-ending action that crosses moves in flight
// "floats" at the end of the log until the other side acknowledges it (float.go), so
// both logs put it at the same place; if both end the game at once, White's action stands.
// At the end both sides exchange a Final (log length and full hash, remaining secrets
// open) and the game counts as over only when both agree.
//
// Faults: anything the other side sends that the protocol or the rules refuse stops the
// match with a *Fault saying what and where, and the honest side's game stays as it was
// (an ending of ours that a bad frame crossed stays in place). A fault is a win the
// honest side may claim.
//
// Liveness (liveness.go): every step one side owes the other (a move, a seal, an
// opening, a draw contribution, a reveal, an answer to a takeback request, the
// end-of-game audit) has a deadline, Config.Deadline (DefaultDeadline, two minutes; in
// a timed game a step that runs the owing side's clock has that clock instead). Past it,
// or with the link down as long, the waiting side may claim the game (ClaimWin); over a
// live link the claim goes to the other side (Forfeit), which checks it against its
// own count and records the loss or reports a false claim as a fault. Result says how
// settled a game is: a game the rules ended is Awaiting until the audit checks out, so a
// withheld or failed audit is the other side's win. Draw offers lapse when the side
// they were made to moves after seeing them. The opponent's chat lines beyond a small
// rate are read and dropped.
//
// Clocks (Config.Clock, agreed in the Hello; peerclock.go, timing.go): both sides run
// both clocks on their own time, and only durations cross the link. Each Move and Seal
// carries the mover's own elapsed time for it; the receiver accepts it when it is no
// less than its own measurement less the shortest round trip (Ping, Pong; capped) and
// ClockTolerance, and otherwise charges its measurement, so a lying peer or a skewed
// system clock gains at most the tolerance per decision; the lag it credits is further
// bounded by a quota (LagQuotaStart, refilled by LagQuotaGain per decision, at most
// LagQuotaMax), so a peer that answers pings late to look far away gains at most
// LagQuotaStart + n×LagQuotaGain over n decisions, and an honest one on a link of up to
// LagQuotaGain round trip is charged nothing for its lag. The waiting side may claim the
// flag (Flag) once its count less the tolerance shows the other out of time, the link up
// or down (the away side's clock runs on); the claimed side checks it on its own clock.
// The result follows game.FlagOutcome (a draw when the claimer could not win).
//
// Files: each sub-protocol is one struct of the game's state (gameState, state.go) or
// of the match, with its sending and its receiving halves in one file: the joint draws
// (drawing, draw.go), sealed simultaneous moves (sealing, seal.go), committed secrets and
// their reveals (secretCells, secrets.go), offers (offers, offer.go), game-ending actions
// (floating, float.go), the end-of-game audit (audit, final.go), deadlines and claims
// (liveness, liveness.go) and the clocks (PeerClocks, timing.go). A plain move is in
// actions.go; handle.go checks a frame's order and routes it, and advance runs each
// sub-protocol's next sending step.
//
// Drops: every sent message stays in an outbox until acknowledged. After a reconnection
// (Resume) each side first sends a fresh challenge, then a proof over both challenges
// keyed by the session key made of the two hello tokens (only the first session's two
// sides have them); nothing is re-sent before the other side's proof holds, and a link
// whose proof fails is turned away (EvIntruder) while the match waits for its peer. Then
// each side says what it received and re-sends the rest, and the logs are compared by
// hash (the other side's must be a part of ours when only ours is in flight, all of it
// when nothing is), so no move is lost and a divergence is reported. The proof binds the
// resumed link to the first session's peer; it does not stop a holder of the link who
// relays both sides' frames live between them (that would need every frame keyed).
package p2p
