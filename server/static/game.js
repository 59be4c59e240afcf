// The game page (written with the shared board).
