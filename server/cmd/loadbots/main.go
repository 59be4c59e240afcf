// Command loadbots measures how many games a server holds: it plays
// -games games at once between pairs of bots over the server's WebSocket,
// on loopback, each side moving -interval after the other's move arrives
// (so a move every -interval in each game), a random legal move each;
// a game that ends is replaced by a new one. It reports the latency from
// a move sent to its arrival at the opponent (p50, p99, max), the moves a
// second, and, given the server's process id (-pid), the server's CPU
// (in cores) and resident memory, read from /proc. It is not a test: it
// runs for -duration after a ramp-up and stops by itself.
//
//	go run ./cmd/loadbots -url http://127.0.0.1:8081 -games 1000 -interval 2s -duration 60s -pid $(pgrep -n server)
//
// The server must exempt the bots' address from the bound on new accounts
// per address: start it with -unlimited 127.0.0.1 (docs/server.md).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8081", "the server")
	games := flag.Int("games", 100, "games at once")
	interval := flag.Duration("interval", 2*time.Second, "the time between two moves of a game")
	duration := flag.Duration("duration", 60*time.Second, "how long to measure, after the ramp-up")
	ramp := flag.Duration("ramp", 20*time.Second, "the time to start the games in, and to let them settle")
	pid := flag.Int("pid", 0, "the server's process id, for its CPU and memory (from /proc)")
	flag.Parse()
	if *base == "" || !strings.HasPrefix(*base, "http://127.") && !strings.HasPrefix(*base, "http://localhost") {
		fmt.Fprintln(os.Stderr, "loadbots: -url must be a loopback address (http://127.x.x.x:port or http://localhost:port)")
		os.Exit(2)
	}
	l := &load{base: *base, interval: *interval}
	ctx, cancel := context.WithTimeout(context.Background(), *ramp+*duration+30*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	start := time.Now()
	for i := range *games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Spread the starts over half the ramp-up.
			time.Sleep(time.Duration(i) * (*ramp / 2) / time.Duration(*games))
			for ctx.Err() == nil && time.Since(start) < *ramp+*duration {
				if err := l.play(ctx, start.Add(*ramp+*duration+10*time.Second)); err != nil && ctx.Err() == nil {
					l.failures.Add(1)
					if l.failures.Load() <= 5 {
						fmt.Fprintln(os.Stderr, "loadbots:", err)
					}
					time.Sleep(time.Second)
				}
			}
		}()
	}
	time.Sleep(*ramp)
	l.reset()
	cpu0, _ := cpuTime(*pid)
	self0, _ := cpuTime(os.Getpid())
	t0 := time.Now()
	var peakRSS int64
	tick := time.NewTicker(10 * time.Second)
	done := time.After(*duration)
loop:
	for {
		select {
		case <-tick.C:
			rss, _ := rssKB(*pid)
			peakRSS = max(peakRSS, rss)
			p50, p99, mx, n := l.percentiles()
			fmt.Printf("%5.0fs  games %d  moves %d (%.0f/s)  p50 %v  p99 %v  max %v  server RSS %d MiB\n",
				time.Since(t0).Seconds(), l.live.Load(), n, float64(n)/time.Since(t0).Seconds(), p50, p99, mx, rss/1024)
		case <-done:
			break loop
		}
	}
	elapsed := time.Since(t0)
	cpu1, _ := cpuTime(*pid)
	self1, _ := cpuTime(os.Getpid())
	rss, _ := rssKB(*pid)
	peakRSS = max(peakRSS, rss)
	p50, p99, mx, n := l.percentiles()
	fmt.Printf("games %d at once (%d wanted), a move every %v each: %d moves in %.0f s (%.0f/s), %d games ended and replaced, %d failures\n",
		l.live.Load(), *games, *interval, n, elapsed.Seconds(), float64(n)/elapsed.Seconds(), l.ended.Load(), l.failures.Load())
	fmt.Printf("latency from a move sent to its arrival at the opponent: p50 %v, p99 %v, max %v\n", p50, p99, mx)
	if *pid > 0 {
		fmt.Printf("server: CPU %.2f cores, RSS %d MiB (peak of the samples)\n", (cpu1-cpu0)/elapsed.Seconds(), peakRSS/1024)
	}
	fmt.Printf("bots: CPU %.2f cores\n", (self1-self0)/elapsed.Seconds())
	cancel()
	wg.Wait()
}

// load is the bots' shared state.
type load struct {
	base     string
	interval time.Duration

	mu        sync.Mutex
	latencies []time.Duration

	live, ended, failures atomic.Int64
}

func (l *load) reset() {
	l.mu.Lock()
	l.latencies = l.latencies[:0]
	l.mu.Unlock()
}

func (l *load) record(d time.Duration) {
	l.mu.Lock()
	l.latencies = append(l.latencies, d)
	l.mu.Unlock()
}

func (l *load) percentiles() (p50, p99, mx time.Duration, n int) {
	l.mu.Lock()
	s := slices.Clone(l.latencies)
	l.mu.Unlock()
	if len(s) == 0 {
		return 0, 0, 0, 0
	}
	slices.Sort(s)
	at := func(q float64) time.Duration {
		return s[min(len(s)-1, int(q*float64(len(s))))].Round(100 * time.Microsecond)
	}
	return at(0.5), at(0.99), s[len(s)-1].Round(100 * time.Microsecond), len(s)
}

// client is one bot's HTTP client, with its own cookies (its own guest).
func client() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func post(c *http.Client, u string, form url.Values) (map[string]any, error) {
	req, _ := http.NewRequest(http.MethodPost, u, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	if res.StatusCode != http.StatusOK {
		return out, fmt.Errorf("POST %s: %d %s", u, res.StatusCode, b)
	}
	return out, nil
}

// update is what the bots read of a game's update.
type update struct {
	T      string `json:"t"`
	Status string `json:"status"`
	Ply    int    `json:"ply"`
	Side   string `json:"side"`
	Legal  []struct {
		From    string `json:"from"`
		To      string `json:"to"`
		Capture bool   `json:"capture"`
	} `json:"legal"`
}

// game is one game between two bots: the time each move was sent.
type game struct {
	mu   sync.Mutex
	sent map[int]time.Time
}

// play plays one game between two new bots until it ends or until stop.
func (l *load) play(ctx context.Context, stop time.Time) error {
	a, b := client(), client()
	out, err := post(a, l.base+"/challenge", url.Values{"base": {"180"}, "increment": {"0"}, "color": {"black"}, "private": {"on"}})
	if err != nil {
		return err
	}
	id, _ := out["id"].(string)
	if _, err := post(b, l.base+"/game/"+id+"/join", nil); err != nil {
		return err
	}
	l.live.Add(1)
	defer l.live.Add(-1)
	g := &game{sent: map[int]time.Time{}}
	ctx, cancel := context.WithDeadline(ctx, stop)
	defer cancel()
	errs := make(chan error, 2)
	for i, c := range []*http.Client{a, b} {
		side := []string{"black", "white"}[i]
		go func() { errs <- l.bot(ctx, c, id, side, g) }()
	}
	err = <-errs
	cancel()
	<-errs
	if errors.Is(err, errOver) {
		l.ended.Add(1)
		return nil
	}
	if ctx.Err() != nil {
		return nil
	}
	return err
}

var errOver = errors.New("the game is over")

// bot plays side in game id: on each update where it is to move, it
// waits the interval and sends a random legal move; on each update that
// brings the opponent's move, it records the latency.
func (l *load) bot(ctx context.Context, c *http.Client, id, side string, g *game) error {
	u, _ := url.Parse(l.base)
	h := http.Header{}
	h.Set("Origin", l.base)
	for _, ck := range c.Jar.Cookies(u) {
		h.Add("Cookie", ck.Name+"="+ck.Value)
	}
	conn, _, err := websocket.Dial(ctx, "ws://"+u.Host+"/ws/game/"+id, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return err
	}
	defer conn.CloseNow()
	if err := conn.Write(ctx, websocket.MessageText, []byte(`{"t":"hello","ply":0}`)); err != nil {
		return err
	}
	var seq int64
	moved := -1 // the last ply this bot sent a move for
	var timer *time.Timer
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return err
		}
		now := time.Now()
		var up update
		if json.Unmarshal(data, &up) != nil || up.T != "game" {
			continue
		}
		if up.Status == "over" || up.Status == "aborted" {
			return errOver
		}
		if up.Status != "playing" || up.Side != side || up.Ply <= moved {
			continue
		}
		// The opponent's move (ply up.Ply-1) has arrived.
		g.mu.Lock()
		if t, ok := g.sent[up.Ply-1]; ok {
			l.record(now.Sub(t))
			delete(g.sent, up.Ply-1)
		}
		g.mu.Unlock()
		if len(up.Legal) == 0 {
			continue
		}
		m := up.Legal[rand.IntN(len(up.Legal))]
		ply := up.Ply
		moved = ply
		text := m.From + m.To
		if m.Capture {
			text = m.From + "x" + m.To
		}
		seq++
		frame := `{"t":"move","seq":` + strconv.FormatInt(seq, 10) + `,"ply":` + strconv.Itoa(ply) + `,"move":"` + text + `"}`
		wait := l.interval
		if ply == 0 {
			wait = time.Duration(rand.Int64N(int64(l.interval))) // spread the games' moves over the interval
		}
		timer = time.AfterFunc(wait, func() {
			g.mu.Lock()
			g.sent[ply] = time.Now()
			g.mu.Unlock()
			_ = conn.Write(ctx, websocket.MessageText, []byte(frame))
		})
	}
}

// cpuTime returns the CPU time, user and system, of process pid in seconds.
func cpuTime(pid int) (float64, error) {
	if pid <= 0 {
		return 0, errors.New("no pid")
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	utime, _ := strconv.ParseFloat(f[11], 64)
	stime, _ := strconv.ParseFloat(f[12], 64)
	return (utime + stime) / 100, nil // clock ticks: 100 a second on Linux
}

// rssKB returns the resident memory of process pid in KiB.
func rssKB(pid int) (int64, error) {
	if pid <= 0 {
		return 0, errors.New("no pid")
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmRSS:") {
			f := strings.Fields(line)
			return strconv.ParseInt(f[1], 10, 64)
		}
	}
	return 0, errors.New("no VmRSS")
}
