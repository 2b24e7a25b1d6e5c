/* Draughts perft in plain C, the reference benchmarks/perft_vs_c.py measures the numba perft against.

   Ghost-square bitboards (the layout of boardpuzzles.draughts.board: the dark squares in number order,
   one unused bit after every two rows, so that each diagonal step is one fixed shift and a step off the
   board lands on a bit that is never a square); the last ply counted in bulk (popcounts) when nothing
   can capture; captures listed with the "most pieces" rule and equal captures (same start, end and
   pieces taken) counted once, as the published tables count.

   The rule set is chosen when compiling: -DSIZE=10 (international: flying kings, men capture backwards,
   the most pieces) or -DSIZE=8 -DENGLISH (short kings, men capture forwards, a man crowned in a capture
   stops). Run: perft WHITE BLACK KINGS SIDE DEPTH (bitboards in decimal, side 0 white, 1 black); it
   prints the count and the CPU seconds of the count. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef SIZE
#define SIZE 10
#endif
#define W (SIZE / 2)
#ifdef ENGLISH
#define FLYING 0
#define MEN_BACK 0
#define MOST 0
#define CROWN_STOPS 1
#else
#define FLYING 1
#define MEN_BACK 1
#define MOST 1
#define CROWN_STOPS 0
#endif
#define MAXC 4096

typedef uint64_t u64;
static const int STEP[4] = {-(W + 1), -W, W, W + 1}; /* up-left, up-right (white's way), down-left, down-right */
static u64 VALID, CROWN[2], RAY[4][64];
typedef struct { int from, to; u64 taken; } Capture;
typedef struct { int n, best; Capture c[MAXC]; } Captures;

static inline u64 shift(u64 b, int s) { return s > 0 ? b << s : b >> -s; }
static inline int first(u64 b, int s) { return s > 0 ? __builtin_ctzll(b) : 63 - __builtin_clzll(b); }
static inline int man_captures(int side, int d) { return MEN_BACK || (side == 0) == (d < 2); }

static void setup(void) { /* the valid bits, the crown rows, the rays */
    int square[64]; for (int b = 0; b < 64; b++) square[b] = -1;
    for (int top = 0; top < SIZE; top++)
        for (int i = 0; i < W; i++) {
            int bit = top * W + i + top / 2;
            VALID |= 1ULL << bit; square[bit] = top * SIZE + 2 * i + (top % 2 == 0);
            if (top == 0) CROWN[0] |= 1ULL << bit;
            if (top == SIZE - 1) CROWN[1] |= 1ULL << bit;
        }
    static const int dr[4] = {-1, -1, 1, 1}, dc[4] = {-1, 1, -1, 1};
    for (int b = 0; b < 64; b++)
        if (square[b] >= 0)
            for (int d = 0; d < 4; d++)
                for (int r = square[b] / SIZE + dr[d], c = square[b] % SIZE + dc[d], x = b + STEP[d];
                     r >= 0 && r < SIZE && c >= 0 && c < SIZE; r += dr[d], c += dc[d], x += STEP[d])
                    RAY[d][b] |= 1ULL << x;
}

static u64 taking_men(u64 mine, u64 opp, u64 kings, int side) { /* the men that can capture */
    u64 empty = VALID & ~(mine | opp), men = mine & ~kings, found = 0;
    for (int d = 0; d < 4; d++)
        if (man_captures(side, d)) found |= men & shift(opp, -STEP[d]) & shift(empty, -2 * STEP[d]);
    return found;
}

static int can_capture(u64 mine, u64 opp, u64 kings, int side) {
    u64 empty = VALID & ~(mine | opp);
    if (taking_men(mine, opp, kings, side)) return 1;
    for (u64 k = mine & kings; k; k &= k - 1) {
        int s = __builtin_ctzll(k);
        for (int d = 0; d < 4; d++) {
            u64 hits = RAY[d][s] & (FLYING ? mine | opp : VALID);
            if (!hits) continue;
            int t = first(hits, STEP[d]);
            if ((opp >> t & 1) && RAY[d][t] && (empty >> (t + STEP[d]) & 1)) return 1;
        }
    }
    return 0;
}

static void record(Captures *list, int from, int to, u64 taken) {
    if (MOST) {
        int pieces = __builtin_popcountll(taken);
        if (pieces < list->best) return;
        if (pieces > list->best) { list->best = pieces; list->n = 0; }
    }
    for (int i = 0; i < list->n; i++)
        if (list->c[i].taken == taken && list->c[i].to == to && list->c[i].from == from) return;
    if (list->n == MAXC) { fprintf(stderr, "too many captures\n"); exit(2); }
    list->c[list->n++] = (Capture){from, to, taken};
}

static int can_jump(int s, int king, u64 taken, u64 occ, u64 opp, int side) {
    for (int d = 0; d < 4; d++) {
        if (!king && !man_captures(side, d)) continue;
        u64 hits = RAY[d][s] & (king && FLYING ? occ : VALID);
        if (!hits) continue;
        int t = first(hits, STEP[d]);
        if (((opp & ~taken) >> t & 1) && RAY[d][t] && !(occ >> (t + STEP[d]) & 1)) return 1;
    }
    return 0;
}

static void jumps(Captures *list, int s, int king, int from, u64 taken, u64 occ, u64 opp, int side) {
    for (int d = 0; d < 4; d++) {
        if (!king && !man_captures(side, d)) continue;
        int step = STEP[d];
        u64 hits = RAY[d][s] & (king && FLYING ? occ : VALID);
        if (!hits) continue;
        int t = first(hits, step);
        if (!((opp & ~taken) >> t & 1) || !(RAY[d][t]) || (occ >> (t + step) & 1)) continue;
        u64 taken2 = taken | 1ULL << t;
        for (int x = t + step;; x += step) { /* a landing square with no jump on ends a capture */
            if ((king || !CROWN_STOPS || !(CROWN[side] >> x & 1)) && can_jump(x, king, taken2, occ, opp, side))
                jumps(list, x, king, from, taken2, occ, opp, side);
            else
                record(list, from, x, taken2);
            if (!(king && FLYING) || !RAY[d][x] || (occ >> (x + step) & 1)) break;
        }
    }
}

static u64 reach(int d, int s, u64 occ) {
    u64 ray = RAY[d][s];
    if (!ray) return 0;
    if (!FLYING) return ray & (1ULL << first(ray, STEP[d])) & ~occ;
    u64 hits = ray & occ;
    if (hits) { int stop = first(hits, STEP[d]); ray &= ~(RAY[d][stop] | 1ULL << stop); }
    return ray;
}

static Captures lists[64];

static u64 perft(u64 mine, u64 opp, u64 kings, int side, int depth) {
    u64 occ = mine | opp, empty = VALID & ~occ, men = mine & ~kings, total = 0;
    if (can_capture(mine, opp, kings, side)) {
        Captures *list = &lists[depth];
        list->n = 0; list->best = 0;
        for (u64 rest = taking_men(mine, opp, kings, side) | (mine & kings); rest; rest &= rest - 1) {
            int s = __builtin_ctzll(rest);
            int king = kings >> s & 1;
            if (can_jump(s, king, 0, occ & ~(1ULL << s), opp, side)) jumps(list, s, king, s, 0, occ & ~(1ULL << s), opp, side);
        }
        if (depth == 1) return list->n;
        for (int i = 0; i < list->n; i++) {
            Capture c = list->c[i];
            u64 mine2 = (mine & ~(1ULL << c.from)) | 1ULL << c.to;
            u64 crowned = ((kings >> c.from) | (CROWN[side] >> c.to)) & 1;
            u64 kings2 = (kings & ~c.taken & ~(1ULL << c.from)) | crowned << c.to;
            total += perft(opp & ~c.taken, mine2, kings2, 1 - side, depth - 1);
        }
        return total;
    }
    for (int d = side == 0 ? 0 : 2, last = d + 2; d < last; d++) {
        u64 targets = shift(men, STEP[d]) & empty;
        if (depth == 1) { total += __builtin_popcountll(targets); continue; }
        for (; targets; targets &= targets - 1) {
            int to = __builtin_ctzll(targets);
            u64 moved = 1ULL << (to - STEP[d]) | 1ULL << to;
            total += perft(opp, mine ^ moved, kings | (CROWN[side] & 1ULL << to), 1 - side, depth - 1);
        }
    }
    for (u64 k = mine & kings; k; k &= k - 1) {
        int s = __builtin_ctzll(k);
        for (int d = 0; d < 4; d++) {
            u64 targets = reach(d, s, occ);
            if (depth == 1) { total += __builtin_popcountll(targets); continue; }
            for (; targets; targets &= targets - 1) {
                u64 moved = 1ULL << s | 1ULL << __builtin_ctzll(targets);
                total += perft(opp, mine ^ moved, kings ^ moved, 1 - side, depth - 1);
            }
        }
    }
    return total;
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: perft WHITE BLACK KINGS SIDE DEPTH\n"); return 2; }
    setup();
    u64 white = strtoull(argv[1], 0, 10), black = strtoull(argv[2], 0, 10), kings = strtoull(argv[3], 0, 10);
    int side = atoi(argv[4]), depth = atoi(argv[5]);
    clock_t start = clock();
    u64 nodes = depth == 0 ? 1 : side == 0 ? perft(white, black, kings, 0, depth) : perft(black, white, kings, 1, depth);
    printf("%llu %.3f\n", (unsigned long long)nodes, (double)(clock() - start) / CLOCKS_PER_SEC);
    return 0;
}
