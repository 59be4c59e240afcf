//go:build js && wasm

// Command wasm is the library compiled to WebAssembly for the page: it runs
// inside the page's Web Worker (worker.js) and gives JavaScript one object,
// globalThis.surakarta, whose methods play one game against the engine:
//
//	state()                   → {state}
//	newGame(positionText)     → {state} or {error}   ("" = the start)
//	play("b2b3")              → {state} or {error}
//	undo(plies)               → {state} or {error}
//	resign("black"|"white")   → {state} or {error}
//	load(recordText)          → {state} or {error}
//	record(recordText, [[name, value]…], annotate) → {record} or {error}
//	think(millis, level, progress) → {thought, state} or {error}
//	hint()                    → {hint} or {error}
//	analyse(nodes, progress)  → {analysis} or {error}   (nodes 0: the default budget)
//	bench([positionText…], depth) → {results} or {error}
//	openBook(bytes)           → {book} or {error}   (bytes: a Uint8Array of a book file)
//	explore(positionText)     → {moves} or {error}  (the book's moves of the position)
//
// Every call returns at once but think, hint, analyse and bench, which
// search. think plays the engine's move at a level, 1 to 10: level 10
// searches for millis and calls progress(info) after each completed
// iteration, a lower level searches within its own budget. hint searches
// the position for the side to move with the full engine and plays
// nothing; analyse analyses the game and calls progress(done, total)
// after each position. When the object is
// ready the program calls globalThis.surakartaReady(), if it is a function.
// Build it with GOOS=js GOARCH=wasm; the page's server does (see ../main.go).
package main

import (
	"fmt"
	"syscall/js"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/web/internal/session"
)

func main() {
	s := session.New()
	var explorer *session.Explorer
	api := map[string]func([]js.Value) any{
		"openBook": func(args []js.Value) any {
			if len(args) == 0 || !args[0].InstanceOf(js.Global().Get("Uint8Array")) {
				return map[string]any{"error": "openBook: want a Uint8Array"}
			}
			data := make([]byte, args[0].Length())
			js.CopyBytesToGo(data, args[0])
			x, info, err := session.NewExplorer(data)
			if err != nil {
				return fail(err)
			}
			explorer = x
			return ok("book", map[string]any{"games": info.Games, "plies": info.Plies, "positions": info.Positions, "moves": info.Moves, "bytes": info.Bytes})
		},
		"explore": func(args []js.Value) any {
			if explorer == nil {
				return map[string]any{"error": "explore: no book open"}
			}
			moves, err := explorer.Moves(str(args, 0))
			if err != nil {
				return fail(err)
			}
			out := make([]any, len(moves))
			for i, m := range moves {
				out[i] = map[string]any{"move": m.Move, "from": m.From, "to": m.To, "count": m.Count, "share": m.Share,
					"wins": m.Wins, "draws": m.Draws, "losses": m.Losses, "score": m.Score}
			}
			return ok("moves", out)
		},
		"state": func(args []js.Value) any { return ok("state", stateJS(s.State())) },
		"newGame": func(args []js.Value) any {
			return stateOrError(s.NewGame(str(args, 0)))
		},
		"play": func(args []js.Value) any { return stateOrError(s.Play(str(args, 0))) },
		"undo": func(args []js.Value) any {
			return stateOrError(s.Undo(num(args, 0)))
		},
		"resign": func(args []js.Value) any { return stateOrError(s.Resign(str(args, 0))) },
		"load":   func(args []js.Value) any { return stateOrError(s.Load(str(args, 0))) },
		"record": func(args []js.Value) any {
			var headers []surakarta.Header
			if len(args) > 1 && args[1].Type() == js.TypeObject {
				for i := range args[1].Length() {
					h := args[1].Index(i)
					headers = append(headers, surakarta.Header{Name: h.Index(0).String(), Value: h.Index(1).String()})
				}
			}
			annotate := len(args) > 2 && args[2].Type() == js.TypeBoolean && args[2].Bool()
			text, err := s.Record(str(args, 0), headers, annotate)
			if err != nil {
				return fail(err)
			}
			return ok("record", text)
		},
		"think": func(args []js.Value) any {
			var progress func(session.Progress)
			if len(args) > 2 && args[2].Type() == js.TypeFunction {
				f := args[2]
				progress = func(p session.Progress) {
					f.Invoke(map[string]any{
						"depth": p.Depth, "score": p.Score, "nodes": float64(p.Nodes),
						"millis": p.Millis, "pv": p.PV,
					})
				}
			}
			t, st, err := s.Think(num(args, 1), time.Duration(num(args, 0))*time.Millisecond, progress)
			if err != nil {
				return fail(err)
			}
			return map[string]any{"thought": map[string]any{
				"level": t.Level, "move": t.Move, "path": pathJS(t.Path), "score": t.Score, "depth": t.Depth,
				"nodes": float64(t.Nodes), "millis": t.Millis,
			}, "state": stateJS(st)}
		},
		"hint": func(args []js.Value) any {
			h, err := s.Hint()
			if err != nil {
				return fail(err)
			}
			return ok("hint", map[string]any{
				"move": h.Move, "from": h.From, "to": h.To, "path": pathJS(h.Path),
				"score": h.Score, "line": h.Line, "depth": h.Depth, "nodes": float64(h.Nodes), "millis": h.Millis,
			})
		},
		"analyse": func(args []js.Value) any {
			var progress func(done, total int)
			if len(args) > 1 && args[1].Type() == js.TypeFunction {
				f := args[1]
				progress = func(done, total int) { f.Invoke(map[string]any{"done": done, "total": total}) }
			}
			a, err := s.Analyse(int64(num(args, 0)), progress)
			if err != nil {
				return fail(err)
			}
			return ok("analysis", analysisJS(a))
		},
		"puzzles": func(args []js.Value) any { return ok("puzzles", puzzlesJS(session.PublishedPuzzles())) },
		"gamePuzzles": func(args []js.Value) any {
			ps, err := s.GamePuzzles()
			if err != nil {
				return fail(err)
			}
			return ok("puzzles", puzzlesJS(ps))
		},
		"bench": func(args []js.Value) any {
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
			out := make([]any, len(results))
			for i, r := range results {
				out[i] = map[string]any{"nodes": float64(r.Nodes), "millis": r.Millis, "move": r.Move}
			}
			return ok("results", out)
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
func guard(f func([]js.Value) any) func(js.Value, []js.Value) any {
	return func(_ js.Value, args []js.Value) (result any) {
		defer func() {
			if r := recover(); r != nil {
				result = map[string]any{"error": fmt.Sprint("internal error: ", r)}
			}
		}()
		return f(args)
	}
}

func ok(name string, value any) any { return map[string]any{name: value} }

func fail(err error) any { return map[string]any{"error": err.Error()} }

func stateOrError(st session.State, err error) any {
	if err != nil {
		return fail(err)
	}
	return ok("state", stateJS(st))
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

func boardJS(b [36]string) any {
	board := make([]any, len(b))
	for i, c := range b {
		board[i] = c
	}
	return board
}

func analysisJS(a session.Analysis) any {
	moves := make([]any, len(a.Moves))
	for i, m := range a.Moves {
		moves[i] = map[string]any{
			"ply": m.Ply, "move": m.Move, "color": m.Color, "class": m.Class, "mark": m.Mark,
			"before": m.Before, "after": m.After, "loss": m.Loss,
			"best": m.Best, "bestPath": pathJS(m.BestPath), "line": m.Line, "depth": m.Depth, "comment": m.Comment,
		}
	}
	plies := make([]any, len(a.Plies))
	for i, p := range a.Plies {
		plies[i] = map[string]any{"position": p.Position, "board": boardJS(p.Board)}
	}
	side := func(s session.SideSummary) any {
		return map[string]any{
			"moves": s.Moves, "averageLoss": s.AverageLoss, "accuracy": s.Accuracy,
			"inaccuracies": s.Inaccuracies, "mistakes": s.Mistakes, "blunders": s.Blunders,
		}
	}
	return map[string]any{
		"moves": moves, "plies": plies, "svg": a.SVG, "black": side(a.Black), "white": side(a.White),
		"variations": variationsJS(a.Variations),
		"nodes":      float64(a.Nodes), "searches": a.Searches, "nodesSearched": float64(a.NodesSearched), "millis": a.Millis,
	}
}

func stateJS(st session.State) any {
	board := boardJS(st.Board)
	moves := make([]any, len(st.Moves))
	for i, m := range st.Moves {
		moves[i] = map[string]any{"text": m.Text, "number": m.Number, "color": m.Color, "path": pathJS(m.Path), "glyphs": m.Glyphs}
	}
	comments := make([]any, len(st.Comments))
	for i, c := range st.Comments {
		comments[i] = map[string]any{"ply": c.Ply, "text": c.Text}
	}
	legal := make([]any, len(st.Legal))
	for i, m := range st.Legal {
		legal[i] = map[string]any{"from": m.From, "to": m.To, "capture": m.Capture, "path": pathJS(m.Path)}
	}
	return map[string]any{
		"position": st.Position, "start": st.Start, "board": board,
		"sideToMove": st.SideToMove, "counts": []any{st.Counts[0], st.Counts[1]},
		"quietPlies": st.QuietPlies, "repetitions": st.Repetitions,
		"moves": moves, "legal": legal,
		"over": st.Over, "result": st.Result, "outcome": st.Outcome,
		"winner": st.Winner, "reason": st.Reason, "declared": st.Declared,
		"record": st.Record, "rules": st.Rules, "comments": comments,
		"variations": variationsJS(st.Variations),
	}
}

// variationsJS gives the rows of variations of the move list
// (variations.js draws them).
func variationsJS(rows []session.VariationRow) any {
	out := make([]any, len(rows))
	for i, r := range rows {
		moves := make([]any, len(r.Moves))
		for j, m := range r.Moves {
			moves[j] = map[string]any{
				"label": m.Label, "text": m.Text, "glyphs": m.Glyphs, "comment": m.Comment,
				"path": pathJS(m.Path), "position": m.After, "board": boardJS(m.Board),
			}
		}
		out[i] = map[string]any{"ply": r.Ply, "depth": r.Depth, "moves": moves}
	}
	return out
}

func pathJS(p *session.Path) any {
	if p == nil {
		return nil
	}
	points := make([]any, len(p.Points))
	for i, sq := range p.Points {
		points[i] = sq
	}
	loops := make([]any, len(p.Loops))
	for i, l := range p.Loops {
		loops[i] = map[string]any{"index": l.Index, "corner": l.Corner}
	}
	return map[string]any{"circuit": p.Circuit, "points": points, "loops": loops}
}

func puzzlesJS(ps []session.Puzzle) any {
	out := make([]any, len(ps))
	for i, p := range ps {
		solution := make([]any, len(p.Solution))
		for j, m := range p.Solution {
			solution[j] = m
		}
		out[i] = map[string]any{
			"position": p.Position, "solver": p.Solver, "solution": solution, "kind": p.Kind, "theme": p.Theme,
			"difficulty": p.Difficulty, "source": p.Source, "ply": p.Ply,
		}
	}
	return out
}
