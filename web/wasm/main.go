//go:build js && wasm

// Command wasm is the library compiled to WebAssembly for the page: it runs
// inside the page's Web Worker (worker.js) and gives JavaScript one object,
// globalThis.surakarta, whose methods play one game against the engine.
// Each method returns its answer as JSON text (session.Encode: the fields
// under the names of the json tags of package session's types), which
// worker.js decodes; an answer is an object of these fields:
//
//	state()                   → {state}                 (session.State)
//	newGame(positionText)     → {state} or {error}      ("" = the start)
//	play("b2b3")              → {state} or {error}
//	undo(plies)               → {state} or {error}
//	resign("black"|"white")   → {state} or {error}
//	load(recordText)          → {state} or {error}
//	record(recordText, [[name, value]…], annotate) → {record} or {error}
//	think(millis, level, progress) → {thought, state} or {error} (session.Thought)
//	hint()                    → {hint} or {error}       (session.Hint)
//	analyse(nodes, progress)  → {analysis} or {error}   (session.Analysis; nodes 0: the default budget)
//	puzzles()                 → {puzzles}               (the published ones, session.Puzzle)
//	gamePuzzles()             → {puzzles} or {error}    (those of the game analysed)
//	bench([positionText…], depth) → {results} or {error} (session.BenchResult)
//	openBook(bytes)           → {book} or {error}       (session.BookInfo; bytes: a Uint8Array of a book file)
//	explore(positionText)     → {moves} or {error}      (the book's moves of the position, session.BookMove)
//
// Every call returns at once but think, hint, analyse, gamePuzzles and
// bench, which search. think plays the engine's move at a level, 1 to 10:
// level 10 searches for millis and calls progress with a session.Progress
// after each completed iteration, a lower level searches within its own
// budget. hint searches the position for the side to move with the full
// engine and plays nothing; analyse analyses the game and calls progress
// with a session.AnalysisProgress after each position; progress gets JSON
// text too. When the object is ready the program calls
// globalThis.surakartaReady(), if it is a function. Build it with
// GOOS=js GOARCH=wasm; the page's server does (see ../main.go).
package main

import (
	"errors"
	"fmt"
	"syscall/js"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta/web/internal/session"
)

func main() {
	s := session.New()
	var explorer *session.Explorer
	api := map[string]func([]js.Value) string{
		"openBook": func(args []js.Value) string {
			if len(args) == 0 || !args[0].InstanceOf(js.Global().Get("Uint8Array")) {
				return fail(errors.New("openBook: want a Uint8Array"))
			}
			data := make([]byte, args[0].Length())
			js.CopyBytesToGo(data, args[0])
			x, info, err := session.NewExplorer(data)
			if err != nil {
				return fail(err)
			}
			explorer = x
			return ok("book", info)
		},
		"explore": func(args []js.Value) string {
			if explorer == nil {
				return fail(errors.New("explore: no book open"))
			}
			moves, err := explorer.Moves(str(args, 0))
			if err != nil {
				return fail(err)
			}
			return ok("moves", moves)
		},
		"state": func(args []js.Value) string { return ok("state", s.State()) },
		"newGame": func(args []js.Value) string {
			return stateOrError(s.NewGame(str(args, 0)))
		},
		"play": func(args []js.Value) string { return stateOrError(s.Play(str(args, 0))) },
		"undo": func(args []js.Value) string {
			return stateOrError(s.Undo(num(args, 0)))
		},
		"resign": func(args []js.Value) string { return stateOrError(s.Resign(str(args, 0))) },
		"load":   func(args []js.Value) string { return stateOrError(s.Load(str(args, 0))) },
		"record": func(args []js.Value) string {
			var headers []record.Header
			if len(args) > 1 && args[1].Type() == js.TypeObject {
				for i := range args[1].Length() {
					h := args[1].Index(i)
					headers = append(headers, record.Header{Name: h.Index(0).String(), Value: h.Index(1).String()})
				}
			}
			annotate := len(args) > 2 && args[2].Type() == js.TypeBoolean && args[2].Bool()
			text, err := s.Record(str(args, 0), headers, annotate)
			if err != nil {
				return fail(err)
			}
			return ok("record", text)
		},
		"think": func(args []js.Value) string {
			var progress func(session.Progress)
			if len(args) > 2 && args[2].Type() == js.TypeFunction {
				f := args[2]
				progress = func(p session.Progress) { f.Invoke(session.Encode(p)) }
			}
			t, st, err := s.Think(num(args, 1), time.Duration(num(args, 0))*time.Millisecond, progress)
			if err != nil {
				return fail(err)
			}
			return session.Encode(map[string]any{"thought": t, "state": st})
		},
		"hint": func(args []js.Value) string {
			h, err := s.Hint()
			if err != nil {
				return fail(err)
			}
			return ok("hint", h)
		},
		"analyse": func(args []js.Value) string {
			var progress func(done, total int)
			if len(args) > 1 && args[1].Type() == js.TypeFunction {
				f := args[1]
				progress = func(done, total int) {
					f.Invoke(session.Encode(session.AnalysisProgress{Done: done, Total: total}))
				}
			}
			a, err := s.Analyse(int64(num(args, 0)), progress)
			if err != nil {
				return fail(err)
			}
			return ok("analysis", a)
		},
		"puzzles": func(args []js.Value) string { return ok("puzzles", session.PublishedPuzzles()) },
		"gamePuzzles": func(args []js.Value) string {
			ps, err := s.GamePuzzles()
			if err != nil {
				return fail(err)
			}
			return ok("puzzles", ps)
		},
		"bench": func(args []js.Value) string {
			var positions []string
			if len(args) > 0 && args[0].Type() == js.TypeObject {
				for i := range args[0].Length() {
					positions = append(positions, args[0].Index(i).String())
				}
			}
			results, err := session.Bench(positions, num(args, 1))
			if err != nil {
				return fail(err)
			}
			return ok("results", results)
		},
	}
	obj := js.Global().Get("Object").New()
	for name, f := range api {
		obj.Set(name, js.FuncOf(guard(f)))
	}
	js.Global().Set("surakarta", obj)
	if ready := js.Global().Get("surakartaReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // serve calls for as long as the worker lives
}

// guard turns a panic into an error answer, so that a bug shows on the page
// instead of ending the program.
func guard(f func([]js.Value) string) func(js.Value, []js.Value) any {
	return func(_ js.Value, args []js.Value) (result any) {
		defer func() {
			if r := recover(); r != nil {
				result = fail(fmt.Errorf("internal error: %v", r))
			}
		}()
		return f(args)
	}
}

// ok returns the answer {name: value}.
func ok(name string, value any) string { return session.Encode(map[string]any{name: value}) }

// fail returns the answer {error}.
func fail(err error) string { return session.Encode(map[string]string{"error": err.Error()}) }

func stateOrError(st session.State, err error) string {
	if err != nil {
		return fail(err)
	}
	return ok("state", st)
}

// str returns argument i as a string, "" when it is missing or not a string.
func str(args []js.Value, i int) string {
	if i < len(args) && args[i].Type() == js.TypeString {
		return args[i].String()
	}
	return ""
}

// num returns argument i as an int, 0 when it is missing or not a number.
func num(args []js.Value, i int) int {
	if i < len(args) && args[i].Type() == js.TypeNumber {
		return args[i].Int()
	}
	return 0
}
