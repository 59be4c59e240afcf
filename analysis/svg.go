package analysis

import (
	"fmt"
	"io"
	"strings"

	"github.com/surakarta-go/surakarta"
)

// The geometry of the graph of WriteSVG, in pixels.
const (
	svgWidth  = 720
	svgHeight = 240
	svgLeft   = 44 // the margin left of the plot, for the score labels
	svgRight  = 12
	svgTop    = 12
	svgBottom = 28 // the margin below the plot, for the ply labels
)

// The colours of the graph's points, by class.
var svgColours = [classCount]string{
	Best:       "#555555",
	Good:       "#555555",
	Inaccuracy: "#e6b800",
	Mistake:    "#e67300",
	Blunder:    "#d62728",
}

// The radii of the graph's points, by class: the worse the move, the
// larger its mark.
var svgRadii = [classCount]string{
	Best:       "2.5",
	Good:       "2.5",
	Inaccuracy: "3.5",
	Mistake:    "4.5",
	Blunder:    "5.5",
}

// WriteSVG writes the graph of the score over the game as an SVG image of
// 720×240 pixels, self-contained (no script, no style sheet, no font or
// image to fetch): the score after each move from Black's view, so that
// the line rises as the game goes Black's way, towards the result "1-0"
// (Black moves first, and a record writes Black's result first). The
// score is clamped to ±ScoreCap, the top and bottom of the plot; a win or
// loss is at the top or bottom.
//
// Each move is a circle with the attributes data-ply="N" (its Ply, the
// number of moves played once it is, which is also its comment's key in
// a record) and class="C" (its Class, "best" to "blunder"), and a <title>
// that a browser shows as its tooltip: the ply, the side, the move and
// its Comment. Inaccuracies, mistakes and blunders are drawn larger, in
// yellow, orange and red. A report without moves gives an empty plot.
func (r *Report) WriteSVG(w io.Writer) error {
	var b strings.Builder
	plotW := float64(svgWidth - svgLeft - svgRight)
	plotH := float64(svgHeight - svgTop - svgBottom)
	n := len(r.Moves)
	x := func(ply int) float64 {
		return float64(svgLeft) + plotW*float64(ply)/float64(max(n, 1))
	}
	mid := float64(svgTop) + plotH/2
	y := func(score int) float64 {
		return mid - plotH/2*float64(Clamp(score))/ScoreCap
	}

	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`+"\n",
		svgWidth, svgHeight, svgWidth, svgHeight)
	fmt.Fprintf(&b, "<title>%s</title>\n", escape(fmt.Sprintf("The score over the game, from Black's view, clamped to ±%d; %d plies; %v", ScoreCap, n, r.Outcome)))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", svgWidth, svgHeight)
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%g" height="%g" fill="#f2f2f2" stroke="#cccccc"/>`+"\n", svgLeft, svgTop, plotW, plotH)
	// The score axis: +ScoreCap, 0, −ScoreCap.
	for _, s := range []int{ScoreCap, 0, -ScoreCap} {
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle" fill="#666666">%s</text>`+"\n", svgLeft-4, y(s), axisLabel(s))
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#999999"/>`+"\n", svgLeft, mid, x(n), mid)
	// The ply axis: a label every tenth ply, and the last.
	step := 10
	for step*12 < n {
		step *= 2
	}
	for ply := 0; ply <= n; ply += step {
		if n-ply >= step/2 || ply == 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#666666">%d</text>`+"\n", x(ply), svgHeight-svgBottom+16, ply)
		}
	}
	if n > 0 {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#666666">%d</text>`+"\n", x(n), svgHeight-svgBottom+16, n)
	}
	if n == 0 {
		b.WriteString("</svg>\n")
		_, err := io.WriteString(w, b.String())
		return err
	}

	// The line starts at ply 0 with the score of the first position.
	points := make([]string, 0, n+1)
	first := r.Moves[0]
	points = append(points, fmt.Sprintf("%.1f,%.1f", x(first.Ply-1), y(blackView(first.Before, first.Mover))))
	for _, a := range r.Moves {
		points = append(points, fmt.Sprintf("%.1f,%.1f", x(a.Ply), y(blackView(a.After, a.Mover))))
	}
	line := strings.Join(points, " ")
	fmt.Fprintf(&b, `<polygon points="%.1f,%.1f %s %.1f,%.1f" fill="#bbbbbb" fill-opacity="0.6"/>`+"\n", x(first.Ply-1), mid, line, x(r.Moves[n-1].Ply), mid)
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#333333" stroke-width="1.5"/>`+"\n", line)
	for _, a := range r.Moves {
		c := min(a.Class, Blunder) // a Class beyond Blunder is drawn as a blunder
		fmt.Fprintf(&b, `<circle data-ply="%d" class="%v" cx="%.1f" cy="%.1f" r="%s" fill="%s"><title>%s</title></circle>`+"\n",
			a.Ply, a.Class, x(a.Ply), y(blackView(a.After, a.Mover)), svgRadii[c], svgColours[c],
			escape(fmt.Sprintf("ply %d, %v %v: %s", a.Ply, a.Mover, a.Move, a.Comment())))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// axisLabel returns the label of the score s on the axis: "+200", "0",
// "-200".
func axisLabel(s int) string {
	if s == 0 {
		return "0"
	}
	return fmt.Sprintf("%+d", s)
}

// blackView returns a score for mover as Black's.
func blackView(score int, mover surakarta.Color) int {
	if mover == surakarta.White {
		return -score
	}
	return score
}

// escape returns text with the characters that XML gives a meaning
// escaped.
func escape(text string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace(text)
}
