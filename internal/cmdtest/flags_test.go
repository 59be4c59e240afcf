package cmdtest

import (
	"flag"
	"fmt"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/cmdflag"
)

// A flag as -h shows it: flag.PrintDefaults's two lines, "  -name type"
// and the usage text with the default.
type flagLine struct {
	typ, usage, def string
}

func (f flagLine) String() string {
	return fmt.Sprintf("type %q, usage %q, default %q", f.typ, f.usage, f.def)
}

// definer defines one flag on a flag set, as a command does.
type definer func(*flag.FlagSet)

// The shared flags, as package cmdflag defines them.
var (
	position     definer = func(fs *flag.FlagSet) { cmdflag.Position(fs) }
	engine       definer = func(fs *flag.FlagSet) { cmdflag.Engine(fs) }
	engines      definer = func(fs *flag.FlagSet) { cmdflag.Engines(fs) }
	concurrency  definer = func(fs *flag.FlagSet) { cmdflag.Concurrency(fs) }
	moveTime     definer = func(fs *flag.FlagSet) { cmdflag.MoveTime(fs) }
	openingPlies definer = func(fs *flag.FlagSet) { cmdflag.OpeningPlies(fs) }
	depth        definer = func(fs *flag.FlagSet) { cmdflag.Depth(fs) }
	seed         definer = func(fs *flag.FlagSet) { cmdflag.Seed(fs) }
	nodes                = func(def int64) definer { return func(fs *flag.FlagSet) { cmdflag.Nodes(fs, def) } }
	depthAt              = func(def int) definer { return func(fs *flag.FlagSet) { cmdflag.DepthDefault(fs, def) } }
	shards       definer = func(fs *flag.FlagSet) { cmdflag.Shards(fs) }
	shard                = func(part string) definer { return func(fs *flag.FlagSet) { cmdflag.Shard(fs, part) } }
)

// The parts of the work that a shard of each command does, as -shard says.
const (
	matchShard = "the game pairs p with p mod N == i; {shard} in -out is i"
	tbShard    = "the pairs of classes j of exactly -pieces pieces with j mod N == i"
	genShard   = "the games g with g mod N == i, as the whole run plays them; {shard} in -out and -records is i"
)

// shared names the shared flags and gives each its definition; the
// default of those marked free may differ between commands (their type
// and usage may not). The usage of -shard ends with the part of the work
// that a shard of the command does, so a command with -shard lists it in
// commands.
var shared = map[string]struct {
	define definer
	free   bool
}{
	"position":      {position, false},
	"engine":        {engine, false},
	"concurrency":   {concurrency, false},
	"movetime":      {moveTime, false},
	"opening-plies": {openingPlies, false},
	"depth":         {depth, true},
	"nodes":         {nodes(0), true},
	"seed":          {seed, true},
	"shard":         {shard(""), false},
	"shards":        {shards, false},
}

// commands gives, for each program of the module and each of its
// subcommands, the shared flags it must have, by name. A program that
// is not listed may have any flags, but a flag of a shared name must be
// the shared flag. A flag that is a shared one by name but another thing
// by its meaning is pinned in others instead.
var commands = map[string]map[string]definer{
	"cmd/surakarta":                       {"movetime": moveTime},
	"cmd/surakarta-analyze":               {"engine": engine, "movetime": moveTime, "depth": depthAt(10), "nodes": nodes(0)},
	"cmd/surakarta-book (no subcommand)":  {},
	"cmd/surakarta-book build":            {},
	"cmd/surakarta-book merge":            {},
	"cmd/surakarta-book show":             {"position": position},
	"cmd/surakarta-match (no subcommand)": {"engine": engines, "concurrency": concurrency, "movetime": moveTime, "opening-plies": openingPlies, "depth": depth, "nodes": nodes(0), "seed": seed, "shard": shard(matchShard), "shards": shards},
	"cmd/surakarta-match spsa":            {"engine": engine, "concurrency": concurrency, "movetime": moveTime, "opening-plies": openingPlies, "depth": depth, "nodes": nodes(0), "seed": seed},
	"cmd/surakarta-play":                  {"position": position, "engine": engine, "movetime": moveTime, "depth": depth},
	"cmd/surakarta-tb (no subcommand)":    {},
	"cmd/surakarta-tb generate":           {"shard": shard(tbShard), "shards": shards},
	"cmd/surakarta-tb probe":              {"position": position},
	"cmd/surakarta-tb stats":              {},
	"cmd/surakarta-tune (no subcommand)":  {},
	"cmd/surakarta-tune gen":              {"engine": engine, "concurrency": concurrency, "opening-plies": openingPlies, "nodes": nodes(2000), "seed": seed, "shard": shard(genShard), "shards": shards},
	"cmd/surakarta-tune fit":              {},
}

// positionText is the usage of an example's -position, and startText its
// default as -h prints it.
const (
	positionText = `the position, a position text such as "6/1w4/6/6/bw4/6 b" (go doc github.com/surakarta-go/surakarta.ParsePosition)`
	startText    = `"wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1"`
)

// others pins the flags of shared names that are not package cmdflag's.
// The examples use only public packages, so that a reader can copy one
// into a module of their own: they write their flags out, and those of a
// shared name are pinned here rather than required to be cmdflag's
// (analyze's are spelt as the commands' are). Some also mean another
// thing: perft's -depth is the depth of the tree it counts, not a
// search's limit, and its -concurrency the subtrees it counts at once;
// customeval's -depth and -movetime are every move's of its match, with
// defaults of their own.
var others = map[string]map[string]flagLine{
	"examples/analyze": {
		"position": {typ: "position", usage: positionText, def: startText},
		"engine": {typ: "spec", usage: "the engine, a spec: searcher[,evaluator][,option=value...] such as pvs or pvs,endgame,threads=2, a player random, greedy or level1 to level10, " +
			"or ugi:PROGRAM or gtp:PROGRAM (go doc github.com/surakarta-go/surakarta/enginespec.Parse)", def: `"pvs,network"`},
		"movetime": {typ: "duration", usage: "time per move (0 = none, if another limit is given)", def: "1s"},
		"depth":    {typ: "int", usage: "search depth per move (0 = no depth limit)"},
	},
	"examples/customeval": {
		"depth":    {typ: "int", usage: "depth of every search (0 = none)", def: "6"},
		"movetime": {typ: "duration", usage: "time for every move, such as 50ms (0 = none)"},
	},
	"examples/perft": {
		"position":    {typ: "position", usage: positionText, def: startText},
		"depth":       {typ: "int", usage: "deepest depth to count, 1 to 12", def: "6"},
		"concurrency": {typ: "int", usage: "subtrees of the tree counted at once (0 = all cores)"},
	},
}

// subcommands are the programs whose flags belong to subcommands.
var subcommands = map[string][]string{"cmd/surakarta-book": {"build", "merge", "show"}, "cmd/surakarta-match": {"spsa"}, "cmd/surakarta-tune": {"gen", "fit"}, "cmd/surakarta-tb": {"generate", "probe", "stats"}}

// TestSharedFlags builds every program of the module, runs each (and each
// subcommand) with -h, and checks that every flag it shares with others is
// spelt, typed, documented and defaulted as package cmdflag defines it, and
// that each command has the shared flags it should.
func TestSharedFlags(t *testing.T) {
	root, programs := mainPackages(t)
	bin := t.TempDir()
	build := exec.Command("go", append([]string{"build", "-o", bin}, programs...)...)
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	seen := make(map[string]bool)
	for _, program := range programs {
		dir := strings.TrimPrefix(program, "./")
		exe := filepath.Join(bin, path.Base(dir))
		if runtime.GOOS == "windows" {
			exe += ".exe"
		}
		runs := [][]string{{"-h"}}
		names := []string{dir}
		if subs, ok := subcommands[dir]; ok {
			names[0] = dir + " (no subcommand)"
			for _, sub := range subs {
				runs = append(runs, []string{sub, "-h"})
				names = append(names, dir+" "+sub)
			}
		}
		for i, args := range runs {
			name := names[i]
			seen[name] = true
			out, err := exec.Command(exe, args...).Output()
			if err != nil {
				t.Errorf("%s %s: %v", name, strings.Join(args, " "), err)
				continue
			}
			checkFlags(t, name, parseFlags(t, name, string(out)))
		}
	}
	for name := range commands {
		if !seen[name] {
			t.Errorf("%s: not a program of the module (go list finds %q)", name, programs)
		}
	}
}

// checkFlags checks the flags of one program or subcommand.
func checkFlags(t *testing.T, name string, got map[string]flagLine) {
	t.Helper()
	want, listed := commands[name]
	for flagName, define := range want {
		g, ok := got[flagName]
		if !ok {
			t.Errorf("%s has no -%s", name, flagName)
			continue
		}
		if w := expected(t, define)[flagName]; g != w {
			t.Errorf("%s -%s:\n%v\nwant\n%v", name, flagName, g, w)
		}
	}
	for flagName, g := range got {
		if w, ok := others[name][flagName]; ok {
			if g != w {
				t.Errorf("%s -%s:\n%v\nwant\n%v", name, flagName, g, w)
			}
			continue
		}
		s, ok := shared[flagName]
		if !ok {
			continue
		}
		if listed && want[flagName] == nil {
			t.Errorf("%s has -%s, a shared flag, but the test does not list it for %s: add it to commands", name, flagName, name)
			continue
		}
		w := expected(t, s.define)[flagName]
		if s.free {
			w.def = g.def
		}
		if !listed && g != w {
			t.Errorf("%s -%s, a shared flag:\n%v\nwant\n%v", name, flagName, g, w)
		}
	}
}

// expected returns the flag lines that define prints.
func expected(t *testing.T, define definer) map[string]flagLine {
	t.Helper()
	fs := flag.NewFlagSet("expected", flag.ContinueOnError)
	define(fs)
	var b strings.Builder
	fs.SetOutput(&b)
	fs.PrintDefaults()
	return parseFlags(t, "package cmdflag", "flags:\n"+b.String())
}

var (
	flagHead    = regexp.MustCompile(`^  -([A-Za-z0-9][A-Za-z0-9-]*)(?: (\S+))?$`)
	flagShort   = regexp.MustCompile(`^  -([A-Za-z0-9])\t(.*)$`)
	flagDefault = regexp.MustCompile(` \(default (.*)\)$`)
)

// parseFlags reads the flags of a program's -h output: the lines that
// flag.PrintDefaults writes after the line "flags:" (or after the whole
// text, when there is none).
func parseFlags(t *testing.T, name, text string) map[string]flagLine {
	t.Helper()
	if i := strings.LastIndex("\n"+text, "\nflags:\n"); i >= 0 {
		text = text[i+len("flags:\n"):]
	}
	flags := make(map[string]flagLine)
	var last string
	for _, line := range strings.Split(text, "\n") {
		var f flagLine
		switch m, s := flagHead.FindStringSubmatch(line), flagShort.FindStringSubmatch(line); {
		case m != nil:
			last, f.typ = m[1], m[2]
		case s != nil:
			last, f.usage = s[1], s[2]
		case strings.HasPrefix(line, "    \t") && last != "":
			f = flags[last]
			if f.usage != "" {
				f.usage += "\n"
			}
			f.usage += strings.TrimPrefix(line, "    \t")
			flags[last] = f
			continue
		default:
			last = ""
			continue
		}
		if _, twice := flags[last]; twice {
			t.Errorf("%s: -%s twice in its -h", name, last)
		}
		flags[last] = f
	}
	for n, f := range flags {
		if m := flagDefault.FindStringSubmatch(f.usage); m != nil {
			f.def = m[1]
			f.usage = strings.TrimSuffix(f.usage, m[0])
			flags[n] = f
		}
	}
	return flags
}

// mainPackages returns the module's root directory and its programs, the
// main packages, as ./path relative to the root.
func mainPackages(t *testing.T) (string, []string) {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	root := strings.TrimSpace(string(out))
	list := exec.Command("go", "list", "-f", `{{if eq .Name "main"}}{{.Dir}}{{end}}`, "./...")
	list.Dir = root
	out, err = list.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var programs []string
	for _, dir := range strings.Fields(string(out)) {
		rel, err := filepath.Rel(root, dir)
		if err != nil {
			t.Fatal(err)
		}
		programs = append(programs, "./"+filepath.ToSlash(rel))
	}
	slices.Sort(programs)
	if !slices.Contains(programs, "./cmd/surakarta") {
		t.Fatalf("go list found the programs %q, without cmd/surakarta", programs)
	}
	return root, programs
}
