/*
 * perft.c - plain array-based C implementation of Surakarta perft,
 * compiled with -O2. This is the speed baseline of the Go library's
 * perft: BenchmarkPerft is compared against this program in the same run
 * (compare.sh).
 *
 * Deliberately straightforward code, no bitboard tricks:
 *   - board is `signed char board[36]`, index = (rank-1)*6 + file
 *     (a1=0, f1=5, a2=6, f6=35); values EMPTY, BLACK, WHITE.
 *   - steps: the 8 neighbours are checked with file/rank bounds.
 *   - captures: walk point by point along each circuit (24 points,
 *     intersections appear twice) in both directions from every
 *     occurrence of the origin; the origin counts as empty; the first
 *     occupied point met is a capture iff it is an enemy and at least
 *     one corner loop was crossed on the way. Moves are deduplicated
 *     by (from, to).
 *   - make/unmake on the single board array.
 *   - No perft caching/hashing.
 *   - BULK COUNTING: at the last ply the generated moves are counted
 *     without being played (the Go implementation does the same).
 *
 * Usage: ./perft [maxdepth] [nobulk]   (default 6, bulk counting)
 * Prints, for d = 1..maxdepth:  depth D nodes N time S leaves/s R
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { EMPTY = 0, BLACK = 1, WHITE = 2 };
#define NSQ 36
#define CLEN 24
#define MAXMOVES 256

static signed char board[NSQ];

/* square index from file letter and rank number */
#define SQ(f, r) (((r) - 1) * 6 + ((f) - 'a'))

/* The two circuits, 24 points each. A corner loop is crossed between
 * index 5->6, 11->12, 17->18 and 23->0. */
static const char *circuit_names[2] = {
    /* inner */
    "a2b2c2d2e2f2" "e1e2e3e4e5e6" "f5e5d5c5b5a5" "b6b5b4b3b2b1",
    /* outer */
    "a3b3c3d3e3f3" "d1d2d3d4d5d6" "f4e4d4c4b4a4" "c6c5c4c3c2c1",
};

static int circuit[2][CLEN];      /* circuit point -> square */

/* occurrences of each square on the circuits (at most 2 per circuit) */
static int occ_count[NSQ];
static int occ_circ[NSQ][4];
static int occ_idx[NSQ][4];

static void init_tables(void)
{
    for (int c = 0; c < 2; c++) {
        const char *s = circuit_names[c];
        for (int i = 0; i < CLEN; i++) {
            int sq = SQ(s[2 * i], s[2 * i + 1] - '0');
            circuit[c][i] = sq;
            occ_circ[sq][occ_count[sq]] = c;
            occ_idx[sq][occ_count[sq]] = i;
            occ_count[sq]++;
        }
    }
}

/* Is a corner loop crossed when moving from circuit index i to i+1
 * (forward), i.e. i is the last point of a segment? */
static int loop_after(int i)
{
    return i % 6 == 5;
}

typedef struct {
    signed char from, to;
} Move;

static int add_unique(Move *moves, int n, int first, int from, int to)
{
    for (int k = first; k < n; k++)
        if (moves[k].to == to)
            return n;
    moves[n].from = (signed char)from;
    moves[n].to = (signed char)to;
    return n + 1;
}

static int gen_moves(int side, Move *moves)
{
    static const int df[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
    static const int dr[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };
    int enemy = side == BLACK ? WHITE : BLACK;
    int n = 0;

    for (int from = 0; from < NSQ; from++) {
        if (board[from] != side)
            continue;

        /* steps */
        int f = from % 6, r = from / 6;
        for (int d = 0; d < 8; d++) {
            int nf = f + df[d], nr = r + dr[d];
            if (nf < 0 || nf > 5 || nr < 0 || nr > 5)
                continue;
            int to = nr * 6 + nf;
            if (board[to] == EMPTY) {
                moves[n].from = (signed char)from;
                moves[n].to = (signed char)to;
                n++;
            }
        }

        /* captures: only these may duplicate each other */
        int first_cap = n;
        for (int o = 0; o < occ_count[from]; o++) {
            const int *circ = circuit[occ_circ[from][o]];
            int start = occ_idx[from][o];
            for (int dir = -1; dir <= 1; dir += 2) {
                int pos = start, loops = 0;
                for (int step = 0; step < CLEN; step++) {
                    int next = (pos + dir + CLEN) % CLEN;
                    if (dir > 0 ? loop_after(pos) : loop_after(next))
                        loops++;
                    pos = next;
                    int sq = circ[pos];
                    if (sq == from || board[sq] == EMPTY)
                        continue;
                    if (board[sq] == enemy && loops > 0)
                        n = add_unique(moves, n, first_cap, from, sq);
                    break;
                }
            }
        }
    }
    return n;
}

/* bulk = 1: count the last ply's moves without playing them; bulk = 0
 * ("nobulk"): play every leaf move, as a plain perft does. */
static int bulk = 1;

static unsigned long long perft(int depth, int side)
{
    if (depth == 0)
        return 1;
    Move moves[MAXMOVES];
    int n = gen_moves(side, moves);
    if (depth == 1 && bulk)
        return (unsigned long long)n;   /* bulk counting */

    int other = side == BLACK ? WHITE : BLACK;
    unsigned long long total = 0;
    for (int i = 0; i < n; i++) {
        int from = moves[i].from, to = moves[i].to;
        signed char captured = board[to];
        board[to] = board[from];
        board[from] = EMPTY;
        total += perft(depth - 1, other);
        board[from] = board[to];
        board[to] = captured;
    }
    return total;
}

static void setup_start(void)
{
    for (int sq = 0; sq < NSQ; sq++)
        board[sq] = sq < 12 ? BLACK : sq >= 24 ? WHITE : EMPTY;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int maxdepth = argc > 1 ? atoi(argv[1]) : 6;
    if (argc > 2 && argv[2][0] == 'n')
        bulk = 0;
    if (maxdepth < 1) {
        fprintf(stderr, "usage: %s [maxdepth>=1] [nobulk]\n", argv[0]);
        return 2;
    }
    init_tables();
    setup_start();
    for (int d = 1; d <= maxdepth; d++) {
        double t0 = now_seconds();
        unsigned long long nodes = perft(d, BLACK);
        double t = now_seconds() - t0;
        printf("depth %d nodes %llu time %.6f leaves/s %.0f\n",
               d, nodes, t, t > 0 ? (double)nodes / t : 0.0);
        fflush(stdout);
    }
    return 0;
}
