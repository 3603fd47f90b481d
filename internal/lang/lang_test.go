package lang

import "testing"

func TestSetAndFallback(t *testing.T) {
	defer Set("en")
	if !Set("ru-RU") || Current() != "ru" {
		t.Fatalf("ru-RU should choose Russian, got %s", Current())
	}
	if Set("de") || Current() != "ru" {
		t.Error("an unknown language must change nothing")
	}
	if T("Rules") != "Правила" || F("Your move (%s)", T("White")) != "Ваш ход (Белые)" {
		t.Errorf("T/F: %q %q", T("Rules"), F("Your move (%s)", T("White")))
	}
	// Each part of the catalogue is in it (the friend's texts once were not: an init
	// function added them after the catalogue was built).
	if T("Ask takeback") != "Вернуть ход?" || F("Friend: %s", T("Good game")) != "Друг: Хорошая партия" {
		t.Errorf("the friend's texts: %q %q", T("Ask takeback"), F("Friend: %s", T("Good game")))
	}
	if T("no such text") != "no such text" {
		t.Error("a missing text must stay English")
	}
	Set("en")
	if T("Rules") != "Rules" || Game("white resigned") != "white resigned" {
		t.Error("English must be the keys themselves")
	}
}

// TestGameTexts: texts the rules build with values are translated with their values.
func TestGameTexts(t *testing.T) {
	Set("ru")
	defer Set("en")
	for in, want := range map[string]string{
		"white resigned":                     "белые сдались",
		"checkmate":                          "мат",
		"draw claimed: threefold repetition": "ничья по заявлению: троекратное повторение",
		"50-move rule":                       "правило 50 ходов",
		"3+7=0: exd5 (captured)":             "3+7=0: exd5 (взятие)",
		"3+5=8: exd5 (missed); Nxe5 skipped (target gone)": "3+5=8: exd5 (промах); попытка Nxe5 пропущена (цели нет)",
		"the game is over (king captured)":                 "игра окончена (король взят)",
		"die rook: move a rook, knight, pawn":              "кубик ладья: ходят ладья, конь, пешка",
		"rolled R":                                         "выпало: R",
		"rolled skip, no move":                             "выпало: пропуск, хода нет",
		"Black's crown was on the Dame":                    "Чёрные: коронованной оказалась фигура «Дама»",
		"White's knight takes Black's pawn on e5":          "конь (Белые) берёт на e5: пешка (Чёрные)",
		"collision on e4, a light square: White's knight wins, Black's pawn is captured": "столкновение на e4 (светлое поле): побеждает конь (Белые), взята фигура пешка (Чёрные)",
		"Drop paratrooper":                 "Высадить: десантник",
		"The top 2 pieces":                 "Верхние фигуры: 2",
		"The top piece: f5xe6=Q":           "Верхняя фигура: f5xe6=Q",
		"\"Ke9\" is not a legal move here": "\"Ke9\" — здесь недопустимый ход",
		"Nf3":                              "Nf3",                           // notation stays
		"pgn: line 3: unexpected ')'":      "PGN, строка 3: unexpected ')'", // the lead in Russian, the detail not
	} {
		if got := Game(in); got != want {
			t.Errorf("Game(%q) = %q, want %q", in, got, want)
		}
	}
}
