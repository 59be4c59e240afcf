package app_test

import "github.com/surakarta-go/surakarta/server/internal/games"

type servertestUpdate = games.Update

func gamesChallenge() games.Challenge {
	return games.Challenge{BaseMS: 300_000, IncrementMS: 3_000, Color: "black"}
}
