/* N queens counted in Takaken's style, the C reference of benchmarks/queens_vs_c.py:
   bitboards, one thread, recursion, the eight symmetries inside the search (a
   queen in the corner, or bounds on the border rows and columns), each solution
   compared with its rotations only when its border queens ask for it.  Written
   for this project after the structure of Takaken's program (2003).

       gcc -O3 -march=native -o queens_takaken queens_takaken.c && ./queens_takaken 16
       14772512 1846955          (all solutions, fundamental ones) */
#include <stdio.h>
#include <stdlib.h>

static int n, last, bound1, bound2;
static unsigned int mask, topbit, endbit, sidemask, lastmask;
static unsigned int board[32];
static long long count2, count4, count8;

static void check(void) {
    int own, you;
    unsigned int bit, ptn;
    if (board[bound2] == 1) {                      /* rotated 90 degrees */
        for (ptn = 2, own = 1; own <= last; own++, ptn <<= 1) {
            bit = 1;
            for (you = last; board[you] != ptn && board[own] >= bit; you--) bit <<= 1;
            if (board[own] > bit) return;
            if (board[own] < bit) break;
        }
        if (own > last) { count2++; return; }
    }
    if (board[last] == endbit) {                   /* rotated 180 degrees */
        for (you = last - 1, own = 1; own <= last; own++, you--) {
            bit = 1;
            for (ptn = topbit; ptn != board[you] && board[own] >= bit; ptn >>= 1) bit <<= 1;
            if (board[own] > bit) return;
            if (board[own] < bit) break;
        }
        if (own > last) { count4++; return; }
    }
    if (board[bound1] == topbit) {                 /* rotated 270 degrees */
        for (ptn = topbit >> 1, own = 1; own <= last; own++, ptn >>= 1) {
            bit = 1;
            for (you = 0; board[you] != ptn && board[own] >= bit; you++) bit <<= 1;
            if (board[own] > bit) return;
            if (board[own] < bit) break;
        }
    }
    count8++;
}

/* a queen in the corner: column 1 barred above row bound1 */
static void corner(int y, unsigned int left, unsigned int down, unsigned int right) {
    unsigned int free = mask & ~(left | down | right), bit;
    if (y == last) {
        if (free) count8++;
        return;
    }
    if (y < bound1) free &= ~2u;
    while (free) {
        bit = free & -free;
        free ^= bit;
        corner(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
    }
}

/* no corner: the side columns barred above row bound1, both taken by row bound2 */
static void sides(int y, unsigned int left, unsigned int down, unsigned int right) {
    unsigned int free = mask & ~(left | down | right), bit;
    if (y == last) {
        if (free && !(free & lastmask)) {
            board[y] = free;
            check();
        }
        return;
    }
    if (y < bound1) {
        free &= ~sidemask;
    } else if (y == bound2) {
        if (!(down & sidemask)) return;
        if ((down & sidemask) != sidemask) free &= sidemask;
    }
    while (free) {
        bit = free & -free;
        free ^= bit;
        board[y] = bit;
        sides(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
    }
}

int main(int argc, char **argv) {
    unsigned int bit;
    n = atoi(argv[1]);
    last = n - 1;
    mask = (1u << n) - 1;
    topbit = 1u << last;
    board[0] = 1;
    for (bound1 = 2; bound1 < last; bound1++) {
        board[1] = bit = 1u << bound1;
        corner(2, (2 | bit) << 1, 1 | bit, bit >> 1);
    }
    sidemask = lastmask = topbit | 1;
    endbit = topbit >> 1;
    for (bound1 = 1, bound2 = n - 2; bound1 < bound2; bound1++, bound2--) {
        board[0] = bit = 1u << bound1;
        sides(1, bit << 1, bit, bit >> 1);
        lastmask |= lastmask >> 1 | lastmask << 1;
        endbit >>= 1;
    }
    printf("%lld %lld\n", count2 * 2 + count4 * 4 + count8 * 8, count2 + count4 + count8);
    return 0;
}
