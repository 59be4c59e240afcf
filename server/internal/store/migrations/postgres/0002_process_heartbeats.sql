-- One heartbeat row a server process renews every second, instead of
-- every lease row it owns: a lease is alive while its owner's heartbeat
-- (or its own renewed_at, the time it was taken) is recent.
CREATE TABLE processes (
	owner      TEXT PRIMARY KEY,
	renewed_at BIGINT NOT NULL
);
