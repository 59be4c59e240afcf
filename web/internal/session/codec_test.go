package session_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/level"
	"github.com/surakarta-go/surakarta/web/internal/session"
)

var update = flag.Bool("update", false, "write testdata/messages.txt anew from the types")

// messagesFile lists the messages that the page reads, with every name
// and JSON type in them.
var messagesFile = filepath.Join("testdata", "messages.txt")

// The messages: the fields of the WebAssembly program's answers (its doc
// lists them) and the arguments of its progress callbacks, each with its
// type.
var messages = []struct {
	kind, name string
	typ        reflect.Type
}{
	{"answer", "state", reflect.TypeFor[session.State]()},
	{"answer", "thought", reflect.TypeFor[session.Thought]()},
	{"answer", "hint", reflect.TypeFor[session.Hint]()},
	{"answer", "analysis", reflect.TypeFor[session.Analysis]()},
	{"answer", "puzzles", reflect.TypeFor[[]session.Puzzle]()},
	{"answer", "book", reflect.TypeFor[session.BookInfo]()},
	{"answer", "moves", reflect.TypeFor[[]session.BookMove]()},
	{"answer", "results", reflect.TypeFor[[]session.BenchResult]()},
	{"progress", "think", reflect.TypeFor[session.Progress]()},
	{"progress", "analyse", reflect.TypeFor[session.AnalysisProgress]()},
}

// schemaOf writes the messages' schema: a line for each message, then
// each type they hold once, its name and a line for each field, its
// name in JSON and its JSON type: string, number or boolean, a type's
// name for an object, []T for an array of T, and |null after the type of
// a field that may be null.
func schemaOf(t *testing.T) string {
	var b strings.Builder
	b.WriteString(`# The messages of the library's WebAssembly program to the page, as JSON
# (session.Encode): the fields of its answers, and what its progress
# callbacks get, each with every name and type the page's scripts may read
# in it. It is written from the Go types by
#
#	go test ./internal/session -update
#
# in web. A change here is a change of what the page reads: change its
# scripts (static/*.js) to match, and run its tests in the browser.
`)
	var types []reflect.Type
	seen := map[reflect.Type]bool{}
	var kind func(reflect.Type) string
	kind = func(typ reflect.Type) string {
		switch typ.Kind() {
		case reflect.String:
			return "string"
		case reflect.Bool:
			return "boolean"
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
			reflect.Float32, reflect.Float64:
			return "number"
		case reflect.Pointer:
			return kind(typ.Elem()) + "|null"
		case reflect.Slice, reflect.Array:
			return "[]" + kind(typ.Elem())
		case reflect.Struct:
			if !seen[typ] {
				seen[typ] = true
				types = append(types, typ)
			}
			return typ.Name()
		}
		t.Fatalf("a message holds a %v, which has no JSON type the page reads", typ)
		return ""
	}
	b.WriteString("\n")
	for _, m := range messages {
		fmt.Fprintf(&b, "%s %s %s\n", m.kind, m.name, kind(m.typ))
	}
	for i := 0; i < len(types); i++ { // kind appends the types it meets
		typ := types[i]
		fmt.Fprintf(&b, "\n%s\n", typ.Name())
		for i := range typ.NumField() {
			f := typ.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" {
				continue
			}
			if name == "" || strings.ToLower(name[:1]) != name[:1] {
				t.Errorf("%s.%s has the json name %q: want a name in lowerCamelCase, as JavaScript writes them", typ.Name(), f.Name, name)
			}
			fmt.Fprintf(&b, "\t%s %s\n", name, kind(f.Type))
		}
	}
	return b.String()
}

// TestMessagesSchema: testdata/messages.txt is the schema of the types of
// the messages, so that a field renamed, added or taken away, or a type
// changed, shows there, and tells to change the page's scripts.
func TestMessagesSchema(t *testing.T) {
	got := schemaOf(t)
	if *update {
		if err := os.WriteFile(messagesFile, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(messagesFile)
	if err != nil {
		t.Fatalf("%v (go test ./internal/session -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("%s is not the schema of the messages' types: a field of one was renamed, added, taken away or changed. "+
			"The page's scripts read these names: change them to match, then write the file anew with go test ./internal/session -update "+
			"and look at its difference. The schema of the types now:\n%s", messagesFile, got)
	}
}

// schema is testdata/messages.txt read: the type of each message, and
// the fields of each type, with their JSON types.
type schema struct {
	messages map[string]string            // "answer state" → "State"
	fields   map[string]map[string]string // "State" → "sideToMove" → "string"
}

func readSchema(t *testing.T) schema {
	t.Helper()
	data, err := os.ReadFile(messagesFile)
	if err != nil {
		t.Fatal(err)
	}
	s := schema{messages: map[string]string{}, fields: map[string]map[string]string{}}
	var typ string
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		switch {
		case len(f) == 0 || strings.HasPrefix(line, "#"):
		case len(f) == 3 && !strings.HasPrefix(line, "\t"):
			s.messages[f[0]+" "+f[1]] = f[2]
		case len(f) == 1:
			typ = f[0]
			s.fields[typ] = map[string]string{}
		case len(f) == 2 && strings.HasPrefix(line, "\t") && typ != "":
			s.fields[typ][f[0]] = f[1]
		default:
			t.Fatalf("%s: a line that is not of the schema: %q", messagesFile, line)
		}
	}
	return s
}

// check checks that v, decoded from JSON, is of the schema's type typ,
// and notes in seen each field met with a value other than null, and
// each message.
func (s schema) check(t *testing.T, where string, v any, typ string, seen map[string]bool) {
	t.Helper()
	if base, ok := strings.CutSuffix(typ, "|null"); ok {
		if v == nil {
			return
		}
		typ = base
	}
	switch typ {
	case "string", "number", "boolean":
		var ok bool
		switch typ {
		case "string":
			_, ok = v.(string)
		case "number":
			_, ok = v.(float64)
		case "boolean":
			_, ok = v.(bool)
		}
		if !ok {
			t.Errorf("%s is %#v, want a %s", where, v, typ)
		}
		return
	}
	if elem, ok := strings.CutPrefix(typ, "[]"); ok {
		list, ok := v.([]any)
		if !ok {
			t.Errorf("%s is %#v, want an array", where, v)
			return
		}
		for i, e := range list {
			s.check(t, fmt.Sprintf("%s[%d]", where, i), e, elem, seen)
		}
		return
	}
	fields, ok := s.fields[typ]
	if !ok {
		t.Fatalf("%s: the type %s is not in %s", where, typ, messagesFile)
	}
	object, ok := v.(map[string]any)
	if !ok {
		t.Errorf("%s is %#v, want an object (%s)", where, v, typ)
		return
	}
	for name := range object {
		if _, ok := fields[name]; !ok {
			t.Errorf("%s has the field %q, which %s does not list in %s", where, name, messagesFile, typ)
		}
	}
	for name, ft := range fields {
		fv, ok := object[name]
		if !ok {
			t.Errorf("%s has no field %q (%s)", where, name, typ)
			continue
		}
		if fv != nil {
			seen[typ+"."+name] = true
		}
		s.check(t, where+"."+name, fv, ft, seen)
	}
}

// codecRecord is a record with what the state of its game shows: captures,
// comments, glyphs, and a variation with a capture.
const codecRecord = "[Event \"Codec\"]\n[Result \"*\"]\n\n{Before the first move} 1. b2c3 a5b4 2. b1b2 {a comment} b5c4 " +
	"3. b2a3?? (3. c3d4 $2 d6d4 {a capture too}) 3... b4a2 *\n"

// sessionMessages returns messages of a real session, each as Encode
// writes it, keyed by the name of testdata/messages.txt ("answer
// state"): each kind of message at least once, and among them every
// field with a value other than null.
func sessionMessages(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	add := func(name string, v any) { out[name] = append(out[name], session.Encode(v)) }
	s := session.New()
	add("answer state", s.State())
	st, err := s.Load(codecRecord)
	if err != nil {
		t.Fatal(err)
	}
	add("answer state", st)
	a, err := s.Analyse(2000, func(done, total int) {
		add("progress analyse", session.AnalysisProgress{Done: done, Total: total})
	})
	if err != nil {
		t.Fatal(err)
	}
	add("answer analysis", a)
	// The engine at full strength captures the last piece: a capture,
	// with the progress of its search, and the end of the game.
	st, err = s.NewGame("6/6/6/6/bw4/6 b")
	if err != nil {
		t.Fatal(err)
	}
	add("answer state", st)
	h, err := s.Hint()
	if err != nil {
		t.Fatal(err)
	}
	add("answer hint", h)
	th, st, err := s.Think(level.Count, 50*time.Millisecond, func(p session.Progress) { add("progress think", p) })
	if err != nil {
		t.Fatal(err)
	}
	add("answer thought", th)
	add("answer state", st)
	add("answer puzzles", session.PublishedPuzzles())
	data, err := os.ReadFile(filepath.Join("..", "..", "static", "book.bin"))
	if err != nil {
		t.Fatal(err)
	}
	x, info, err := session.NewExplorer(data)
	if err != nil {
		t.Fatal(err)
	}
	add("answer book", info)
	moves, err := x.Moves(surakarta.StartText)
	if err != nil {
		t.Fatal(err)
	}
	add("answer moves", moves)
	results, err := session.Bench([]string{surakarta.StartText}, 2)
	if err != nil {
		t.Fatal(err)
	}
	add("answer results", results)
	return out
}

// TestMessagesOfASession: the messages of a real session, as Encode writes
// them, are valid JSON of the types of testdata/messages.txt, with every
// field that it lists and no other; and among them every message, and
// every field with a value (a capture's path, a variation's comment), so
// that the file lists nothing that the page never gets. Each, decoded by
// encoding/json into its Go type and encoded again, is the same text:
// nothing lost or changed on the way.
func TestMessagesOfASession(t *testing.T) {
	s := readSchema(t)
	seen := map[string]bool{}
	got := sessionMessages(t)
	for _, m := range messages {
		for i, text := range got[m.kind+" "+m.name] {
			v := reflect.New(m.typ)
			if err := json.Unmarshal([]byte(text), v.Interface()); err != nil {
				t.Errorf("%s %s %d: %v", m.kind, m.name, i, err)
				continue
			}
			if again := session.Encode(v.Elem().Interface()); again != text {
				t.Errorf("%s %s %d, decoded and encoded again:\n%s\nwas\n%s", m.kind, m.name, i, again, text)
			}
		}
	}
	for name, typ := range s.messages {
		texts := got[name]
		if len(texts) == 0 {
			t.Errorf("no message %q", name)
		}
		for i, text := range texts {
			var v any
			if err := json.Unmarshal([]byte(text), &v); err != nil {
				t.Errorf("%s %d is not JSON: %v\n%s", name, i, err, text)
				continue
			}
			s.check(t, fmt.Sprintf("%s %d", name, i), v, typ, seen)
		}
	}
	for typ, fields := range s.fields {
		for name, ft := range fields {
			if !seen[typ+"."+name] && !strings.HasSuffix(ft, "|null") {
				t.Errorf("%s.%s is never in the messages", typ, name)
			}
			if !seen[typ+"."+name] && strings.HasSuffix(ft, "|null") {
				t.Errorf("%s.%s is always null in the messages", typ, name)
			}
		}
	}
}

// TestEncodeAsEncodingJSON: Encode writes what encoding/json writes
// (without its escapes for HTML), but an empty array for a nil slice,
// null for a number that is not finite, and every field whatever its
// tag's options.
func TestEncodeAsEncodingJSON(t *testing.T) {
	type inner struct {
		N int `json:"n"`
	}
	type all struct {
		S        string            `json:"s"`
		B        bool              `json:"b"`
		I        int               `json:"i"`
		I64      int64             `json:"i64"`
		U        uint8             `json:"u"`
		F        float64           `json:"f"`
		F32      float32           `json:"f32"`
		P        *inner            `json:"p"`
		Nil      *inner            `json:"nil"`
		List     []inner           `json:"list"`
		Array    [2]string         `json:"array"`
		Map      map[string]int    `json:"map"`
		Any      any               `json:"any"`
		Untagged string            // under its Go name
		Skipped  string            `json:"-"`
		hidden   string            // left out
		Nested   map[string][]bool `json:"nested"`
	}
	var values []any
	for _, s := range []string{"", "plain", "quote \" backslash \\ slash /", "\x00\x01\b\f\n\r\t\x1f\x7f", "<svg>&amp;</svg>",
		"é 12… ↑ \u2028 \u2029 😀", "\xff\xfe bad \xc3 UTF-8 \xe2\x82", "b2xe5"} {
		values = append(values, s)
	}
	for _, f := range []float64{0, math.Copysign(0, -1), 1, -1.5, 123.456, 1e-6, 9.99e-7, 1e-7, 1e20, 1e21, 12345678912345678, 0.1 + 0.2, 66.66666666666667} {
		values = append(values, f, float32(f))
	}
	for _, n := range []int64{0, -1, 1 << 53, math.MinInt64, math.MaxInt64} {
		values = append(values, n)
	}
	values = append(values, true, false, uint64(math.MaxUint64), []int{1, 2}, [0]int{}, map[string]any{"b": 1, "a": "x", "": nil},
		all{S: "s\n", I: -3, I64: 1 << 40, U: 255, F: 2.5, F32: 0.1, P: &inner{7}, List: []inner{{1}, {2}}, Array: [2]string{"a", ""},
			Map: map[string]int{"z": 1, "y": 2}, Any: []string{"x"}, Untagged: "u", Skipped: "no", hidden: "no",
			Nested: map[string][]bool{"k": {true}}},
		&all{List: []inner{}, Map: map[string]int{}, Nested: map[string][]bool{"k": {}}, Any: 1.5})
	for _, v := range values {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			t.Fatalf("%#v: %v", v, err)
		}
		if got := session.Encode(v); got != strings.TrimSuffix(want.String(), "\n") {
			t.Errorf("%#v:\n got %s\nwant %s", v, got, want.String())
		}
	}
	for _, c := range []struct {
		v    any
		want string
	}{
		{[]int(nil), "[]"},
		{struct {
			L []string `json:"l"`
			M []any    `json:"m"`
		}{}, `{"l":[],"m":[]}`},
		{struct {
			O string `json:"o,omitempty"`
		}{}, `{"o":""}`},
		{math.NaN(), "null"},
		{math.Inf(1), "null"},
		{[]float64{math.Inf(-1), 1}, "[null,1]"},
		{nil, "null"},
		{(*session.Path)(nil), "null"},
	} {
		if got := session.Encode(c.v); got != c.want {
			t.Errorf("%#v: %s, want %s", c.v, got, c.want)
		}
	}
	type embedded struct{ inner }
	for _, v := range []any{make(chan int), func() {}, map[int]string{1: "x"}, embedded{}, complex(1, 2)} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%#v: Encode did not panic", v)
				}
			}()
			session.Encode(v)
		}()
	}
}

// middleGame returns a session whose game is 40 plies of level 5 against
// level 5, still on, with 17 pieces and 32 legal moves: the game of the
// page's TestStateTime.
func middleGame(b *testing.B) *session.Session {
	b.Helper()
	black, _ := level.New(5, 3)
	white, _ := level.New(5, 103)
	s := session.New()
	g := s.Game()
	for g.Ply() < 40 {
		p := black
		if g.Position().SideToMove() == surakarta.White {
			p = white
		}
		r, err := p.Search(context.Background(), g, surakarta.Limits{})
		if err != nil {
			b.Fatal(err)
		}
		if err := g.Play(r.Move); err != nil {
			b.Fatal(err)
		}
	}
	return s
}

// BenchmarkState makes the State of a game in the middle game, as the
// page gets after every move.
func BenchmarkState(b *testing.B) {
	s := middleGame(b)
	for b.Loop() {
		s.State()
	}
}

// BenchmarkEncodeState writes that State as JSON, as the page gets it.
func BenchmarkEncodeState(b *testing.B) {
	st := middleGame(b).State()
	b.SetBytes(int64(len(session.Encode(st))))
	for b.Loop() {
		session.Encode(st)
	}
}

// BenchmarkMarshalState writes that State with encoding/json, for
// comparison.
func BenchmarkMarshalState(b *testing.B) {
	st := middleGame(b).State()
	for b.Loop() {
		if _, err := json.Marshal(st); err != nil {
			b.Fatal(err)
		}
	}
}
