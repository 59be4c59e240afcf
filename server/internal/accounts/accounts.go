// Package accounts registers players and logs them in and out: passwords
// hashed with bcrypt (golang.org/x/crypto), sessions as random tokens of
// which the store keeps only the SHA-256, a new token at every log-in, and
// a bound on the attempts to log in. Visitors who play without an account
// get a guest account, which plays casual games only.
package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/surakarta-go/surakarta/server/internal/glicko"
	"github.com/surakarta-go/surakarta/server/internal/ratelimit"
	"github.com/surakarta-go/surakarta/server/internal/store"
)

// The sentinel errors of the package; its errors wrap them.
var (
	// ErrBadName: a name to register is not 3 to 20 letters, digits, '_'
	// or '-', or is reserved (guest-…, level…).
	ErrBadName = errors.New("accounts: bad name")
	// ErrBadPassword: a password to register is shorter than MinPassword
	// or longer than bcrypt takes (72 bytes).
	ErrBadPassword = errors.New("accounts: bad password")
	// ErrLogin: no account of that name has that password. The error does
	// not say which of the two was wrong.
	ErrLogin = errors.New("accounts: wrong name or password")
	// ErrTooManyAttempts: too many log-in attempts for that name or from
	// that address; try again later.
	ErrTooManyAttempts = errors.New("accounts: too many attempts")
	// ErrNoSession: a token opens no session (unknown, expired, logged out).
	ErrNoSession = errors.New("accounts: no session")
)

// MinPassword is the shortest password taken, in bytes.
const MinPassword = 8

// maxPassword is the longest: bcrypt hashes no more than 72 bytes.
const maxPassword = 72

var namePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{3,20}$`)

// Service is the accounts of a store. Its methods are safe for concurrent
// use.
type Service struct {
	store *store.Store
	// SessionTTL is how long a session lasts.
	SessionTTL time.Duration
	// Cost is bcrypt's cost (bcrypt.DefaultCost, 10, unless a test lowers it).
	Cost int
	// byName and byAddr bound the attempts to log in: per name, so that
	// one account's password is not guessed from many addresses, and per
	// address, so that one address does not try many accounts.
	byName, byAddr *ratelimit.Limiter
}

// New returns the accounts of s: sessions of 30 days, at most 5 log-in
// attempts at once and one a minute more per name, 20 at once and one
// every 6 seconds more per address.
func New(s *store.Store) *Service {
	return &Service{
		store:      s,
		SessionTTL: 30 * 24 * time.Hour,
		Cost:       bcrypt.DefaultCost,
		byName:     ratelimit.New(time.Minute, 5),
		byAddr:     ratelimit.New(6*time.Second, 20),
	}
}

// CheckName tells why a name cannot be registered, or nil.
func CheckName(name string) error {
	if !namePattern.MatchString(name) {
		return fmt.Errorf("%w: %q: use 3 to 20 letters, digits, '_' or '-'", ErrBadName, name)
	}
	k := store.NameKey(name)
	if strings.HasPrefix(k, "guest-") || strings.HasPrefix(k, "level") {
		return fmt.Errorf("%w: %q: names that start with guest- or level are the server's", ErrBadName, name)
	}
	return nil
}

// Register makes a player's account. It returns an error wrapping
// ErrBadName, ErrBadPassword or store.ErrNameTaken.
func (s *Service) Register(ctx context.Context, name, password string) (store.User, error) {
	if err := CheckName(name); err != nil {
		return store.User{}, err
	}
	if len(password) < MinPassword || len(password) > maxPassword {
		return store.User{}, fmt.Errorf("%w: want %d to %d bytes", ErrBadPassword, MinPassword, maxPassword)
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(password), s.Cost)
	if err != nil {
		return store.User{}, fmt.Errorf("accounts: hashing: %w", err)
	}
	r := glicko.Initial()
	return s.store.CreateUser(ctx, store.User{Name: name, PasswordHash: string(hash), Kind: store.KindPlayer,
		Rating: r.Rating, RD: r.RD, Volatility: r.Volatility})
}

// Login checks a name and password, attempted from the address addr, and
// opens a new session: a new token, whatever session the browser had
// before (which the caller ends), so that a token planted before the
// log-in opens nothing after it. It returns the user and the token.
func (s *Service) Login(ctx context.Context, addr, name, password string) (store.User, string, error) {
	if !s.byAddr.Allow(addr) || !s.byName.Allow(store.NameKey(name)) {
		return store.User{}, "", ErrTooManyAttempts
	}
	u, err := s.store.UserByName(ctx, name)
	if errors.Is(err, store.ErrNotFound) || err == nil && u.Kind != store.KindPlayer {
		// Hash anyway, so that the time taken does not tell whether the
		// name exists.
		_ = bcrypt.CompareHashAndPassword(dummyHash, []byte(password))
		return store.User{}, "", ErrLogin
	}
	if err != nil {
		return store.User{}, "", err
	}
	if bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(password)) != nil {
		return store.User{}, "", ErrLogin
	}
	token, err := s.NewSession(ctx, u.ID)
	return u, token, err
}

// dummyHash is a hash of nothing anyone types, compared when the name is
// unknown.
var dummyHash, _ = bcrypt.GenerateFromPassword([]byte("not a password of anyone"), bcrypt.DefaultCost)

// Guest makes a guest account, guest-XXXXXX, and opens its session.
func (s *Service) Guest(ctx context.Context) (store.User, string, error) {
	r := glicko.Initial()
	for range 5 {
		var b [4]byte
		_, _ = rand.Read(b[:])
		u, err := s.store.CreateUser(ctx, store.User{Name: "guest-" + hex.EncodeToString(b[:]), Kind: store.KindGuest,
			Rating: r.Rating, RD: r.RD, Volatility: r.Volatility})
		if errors.Is(err, store.ErrNameTaken) {
			continue
		}
		if err != nil {
			return store.User{}, "", err
		}
		token, err := s.NewSession(ctx, u.ID)
		return u, token, err
	}
	return store.User{}, "", errors.New("accounts: no free guest name")
}

// NewSession opens a session of the user and returns its token: 32
// random bytes, base64 (URL alphabet).
func (s *Service) NewSession(ctx context.Context, userID int64) (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	token := base64.RawURLEncoding.EncodeToString(b[:])
	err := s.store.CreateSession(ctx, store.Session{TokenHash: hashToken(token), UserID: userID,
		ExpiresAt: store.Millis(time.Now().Add(s.SessionTTL))})
	return token, err
}

// User returns the user whose session the token opens.
func (s *Service) User(ctx context.Context, token string) (store.User, error) {
	if token == "" {
		return store.User{}, ErrNoSession
	}
	u, err := s.store.SessionUser(ctx, hashToken(token), time.Now())
	if errors.Is(err, store.ErrNotFound) {
		return store.User{}, ErrNoSession
	}
	return u, err
}

// Logout ends the session of the token.
func (s *Service) Logout(ctx context.Context, token string) error {
	if token == "" {
		return nil
	}
	return s.store.DeleteSession(ctx, hashToken(token))
}

// hashToken is what the store keeps of a token.
func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// Engine returns the account of the engine at a level, 1 to 10, named
// level1 … level10, making it the first time.
func (s *Service) Engine(ctx context.Context, level int) (store.User, error) {
	name := fmt.Sprintf("level%d", level)
	u, err := s.store.UserByName(ctx, name)
	if !errors.Is(err, store.ErrNotFound) {
		return u, err
	}
	r := glicko.Initial()
	u, err = s.store.CreateUser(ctx, store.User{Name: name, Kind: store.KindEngine, Rating: r.Rating, RD: r.RD, Volatility: r.Volatility})
	if errors.Is(err, store.ErrNameTaken) { // made meanwhile by another process
		return s.store.UserByName(ctx, name)
	}
	return u, err
}
