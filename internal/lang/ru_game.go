package lang

// russianGame translates the English texts of game/ and the match (outcome reasons,
// events, errors, the games' names, help and options), read through Game. Keys with
// format verbs match texts that carry values.
var russianGame = map[string]string{}
