// Package servertest drives a server in tests as its clients do: HTTP
// with a cookie jar each, and a game's WebSocket, whose frames it reads
// into the updates and replies a test waits for.
package servertest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"golang.org/x/crypto/bcrypt"

	"github.com/surakarta-go/surakarta/server/internal/app"
	"github.com/surakarta-go/surakarta/server/internal/games"
	"github.com/surakarta-go/surakarta/server/internal/handlers"
	"github.com/surakarta-go/surakarta/server/internal/store"
)

// Wait bounds every wait of a test for a frame.
const Wait = 15 * time.Second

// Client is one visitor, with a cookie jar of its own.
type Client struct {
	T    testing.TB
	Base string // the server's URL
	HTTP *http.Client
}

// NewClient returns a visitor of the server at base.
func NewClient(t testing.TB, base string) *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{T: t, Base: base, HTTP: &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// Post posts a form asking for JSON, and returns the status and the
// answer decoded.
func (c *Client) Post(path string, form url.Values) (int, map[string]any) {
	c.T.Helper()
	req, _ := http.NewRequest(http.MethodPost, c.Base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := c.HTTP.Do(req)
	if err != nil {
		c.T.Fatalf("POST %s: %v", path, err)
	}
	defer res.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

// Get returns the status and body of a GET.
func (c *Client) Get(path string) (int, string) {
	c.T.Helper()
	res, err := c.HTTP.Get(c.Base + path)
	if err != nil {
		c.T.Fatalf("GET %s: %v", path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// MustPost posts and fails the test on a status other than 200.
func (c *Client) MustPost(path string, form url.Values) map[string]any {
	c.T.Helper()
	status, out := c.Post(path, form)
	if status != http.StatusOK {
		c.T.Fatalf("POST %s: %d %v", path, status, out)
	}
	return out
}

// Register registers and logs in name, with the password "password " + name.
func (c *Client) Register(name string) {
	c.T.Helper()
	c.MustPost("/register", url.Values{"name": {name}, "password": {"password " + name}})
}

// Challenge makes a challenge and returns its game's id. The form's
// defaults: 5 minutes and 3 s, the creator Black, casual, in the lobby.
func (c *Client) Challenge(form url.Values) string {
	c.T.Helper()
	f := url.Values{"base": {"5"}, "increment": {"3"}, "color": {"black"}}
	for k, v := range form {
		f[k] = v
	}
	return c.MustPost("/challenge", f)["id"].(string)
}

// Join joins the challenge id.
func (c *Client) Join(id string) {
	c.T.Helper()
	c.MustPost("/game/"+id+"/join", nil)
}

// Conn is a game's WebSocket.
type Conn struct {
	T       testing.TB
	C       *websocket.Conn
	Updates chan games.Update
	Replies chan handlers.Reply
	Raw     chan string // every frame, as it came
	Closed  chan struct{}
	seq     int64
	Last    games.Update
}

// Dial opens game id's WebSocket with the client's cookies and an Origin
// of the server's, and says hello holding no move.
func (c *Client) Dial(id string) *Conn {
	c.T.Helper()
	conn, err := c.DialErr(id, c.Base)
	if err != nil {
		c.T.Fatalf("dialing the WebSocket of %s: %v", id, err)
	}
	conn.Hello(0)
	return conn
}

// DialErr opens game id's WebSocket with the given Origin, saying nothing.
func (c *Client) DialErr(id, origin string) (*Conn, error) {
	u, _ := url.Parse(c.Base)
	ws := "ws://" + u.Host + "/ws/game/" + id
	h := http.Header{}
	h.Set("Origin", origin)
	for _, ck := range c.HTTP.Jar.Cookies(u) {
		h.Add("Cookie", ck.Name+"="+ck.Value)
	}
	ctx, cancel := context.WithTimeout(context.Background(), Wait)
	defer cancel()
	wc, _, err := websocket.Dial(ctx, ws, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return nil, err
	}
	conn := &Conn{T: c.T, C: wc, Updates: make(chan games.Update, 1024), Replies: make(chan handlers.Reply, 1024),
		Raw: make(chan string, 4096), Closed: make(chan struct{})}
	go conn.read()
	c.T.Cleanup(func() { wc.Close(websocket.StatusNormalClosure, "") })
	return conn, nil
}

func (c *Conn) read() {
	defer close(c.Closed)
	for {
		_, data, err := c.C.Read(context.Background())
		if err != nil {
			return
		}
		select {
		case c.Raw <- string(data):
		default:
		}
		var head struct {
			T string `json:"t"`
		}
		_ = json.Unmarshal(data, &head)
		switch head.T {
		case "game":
			var u games.Update
			_ = json.Unmarshal(data, &u)
			c.Updates <- u
		case "ack", "error":
			var r handlers.Reply
			_ = json.Unmarshal(data, &r)
			c.Replies <- r
		}
	}
}

// Hello asks for the moves after the first ply.
func (c *Conn) Hello(ply int) {
	c.Send(map[string]any{"t": "hello", "ply": ply})
}

// Send writes a frame as JSON.
func (c *Conn) Send(frame any) {
	c.T.Helper()
	b, _ := json.Marshal(frame)
	ctx, cancel := context.WithTimeout(context.Background(), Wait)
	defer cancel()
	if err := c.C.Write(ctx, websocket.MessageText, b); err != nil {
		c.T.Fatalf("writing %s: %v", b, err)
	}
}

// Do sends an action ("move" with its ply and move, "resign", …) with the
// next seq, and returns the server's reply to it.
func (c *Conn) Do(t string, ply int, move string) handlers.Reply {
	c.T.Helper()
	c.seq++
	c.Send(handlers.ClientFrame{T: t, Seq: c.seq, Ply: ply, Move: move})
	return c.Reply(c.seq)
}

// Reply waits for the reply to the frame seq.
func (c *Conn) Reply(seq int64) handlers.Reply {
	c.T.Helper()
	deadline := time.After(Wait)
	for {
		select {
		case r := <-c.Replies:
			if r.Seq == seq {
				return r
			}
		case <-deadline:
			c.T.Fatalf("no reply to frame %d in %v", seq, Wait)
		}
	}
}

// SetSeq sets the seq of the last frame sent (to replay one).
func (c *Conn) SetSeq(seq int64) { c.seq = seq }

// Until waits for an update that satisfies ok, and returns it.
func (c *Conn) Until(what string, ok func(games.Update) bool) games.Update {
	c.T.Helper()
	deadline := time.After(Wait)
	for {
		if c.Last.T != "" && ok(c.Last) {
			return c.Last
		}
		select {
		case u := <-c.Updates:
			c.Last = u
		case <-deadline:
			c.T.Fatalf("waited %v for %s; the last update: ply %d, status %s", Wait, what, c.Last.Ply, c.Last.Status)
		}
	}
}

// Ply waits for the update in which the game has n moves.
func (c *Conn) Ply(n int) games.Update {
	c.T.Helper()
	return c.Until(fmt.Sprintf("ply %d", n), func(u games.Update) bool { return u.Ply >= n })
}

// Status waits for the update in which the game's status is s.
func (c *Conn) Status(s string) games.Update {
	c.T.Helper()
	return c.Until("status "+s, func(u games.Update) bool { return u.Status == s })
}

// Start serves a new server on st over httptest, closed at the test's
// end, with a low bcrypt cost and a small analysis budget, so that the
// tests are quick.
func Start(t testing.TB, st *store.Store, pgURL string) (*app.App, *httptest.Server) {
	t.Helper()
	a, err := app.New(app.Options{Store: st, PostgresURL: pgURL, Engines: 2, BcryptCost: bcrypt.MinCost, AnalysisNodes: 2000})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		a.Handler.Shutdown(ctx)
		srv.Close()
		a.Close()
	})
	return a, srv
}
