-- The accounts, their sessions, the games with their moves and clocks,
-- the ratings' history, the analyses and the clocks' leases.
CREATE TABLE users (
	id            INTEGER PRIMARY KEY,
	name          TEXT NOT NULL,
	name_key      TEXT NOT NULL UNIQUE,
	password_hash TEXT NOT NULL DEFAULT '',
	kind          TEXT NOT NULL,
	rating        REAL NOT NULL,
	rd            REAL NOT NULL,
	volatility    REAL NOT NULL,
	rated_games   INTEGER NOT NULL DEFAULT 0,
	created_at    INTEGER NOT NULL
);

CREATE TABLE sessions (
	token_hash TEXT PRIMARY KEY,
	user_id    INTEGER NOT NULL REFERENCES users(id),
	created_at INTEGER NOT NULL,
	expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE games (
	id              TEXT PRIMARY KEY,
	status          TEXT NOT NULL,
	private         INTEGER NOT NULL,
	rated           INTEGER NOT NULL,
	color_choice    TEXT NOT NULL,
	base_ms         INTEGER NOT NULL,
	increment_ms    INTEGER NOT NULL,
	creator         INTEGER NOT NULL REFERENCES users(id),
	black           INTEGER REFERENCES users(id),
	white           INTEGER REFERENCES users(id),
	engine_level    INTEGER NOT NULL,
	start_position  TEXT NOT NULL,
	ply             INTEGER NOT NULL,
	black_ms        INTEGER NOT NULL,
	white_ms        INTEGER NOT NULL,
	turn_started_at INTEGER NOT NULL,
	draw_offer      TEXT NOT NULL DEFAULT '',
	result          TEXT NOT NULL DEFAULT '*',
	reason          TEXT NOT NULL DEFAULT '',
	created_at      INTEGER NOT NULL,
	started_at      INTEGER NOT NULL DEFAULT 0,
	ended_at        INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX games_status ON games(status);
CREATE INDEX games_black ON games(black);
CREATE INDEX games_white ON games(white);

CREATE TABLE moves (
	game_id  TEXT NOT NULL REFERENCES games(id),
	ply      INTEGER NOT NULL,
	move     TEXT NOT NULL,
	black_ms INTEGER NOT NULL,
	white_ms INTEGER NOT NULL,
	played_at INTEGER NOT NULL,
	PRIMARY KEY (game_id, ply)
);

CREATE TABLE rating_history (
	user_id    INTEGER NOT NULL REFERENCES users(id),
	game_id    TEXT NOT NULL REFERENCES games(id),
	rating     REAL NOT NULL,
	rd         REAL NOT NULL,
	volatility REAL NOT NULL,
	at         INTEGER NOT NULL,
	PRIMARY KEY (user_id, game_id)
);

CREATE TABLE analyses (
	game_id      TEXT PRIMARY KEY REFERENCES games(id),
	status       TEXT NOT NULL,
	record       TEXT NOT NULL DEFAULT '',
	summary      TEXT NOT NULL DEFAULT '',
	graph        TEXT NOT NULL DEFAULT '',
	requested_at INTEGER NOT NULL,
	done_at      INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE game_leases (
	game_id    TEXT PRIMARY KEY REFERENCES games(id),
	owner      TEXT NOT NULL,
	renewed_at INTEGER NOT NULL
);
CREATE INDEX game_leases_owner ON game_leases(owner);
