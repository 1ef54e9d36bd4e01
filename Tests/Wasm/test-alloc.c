/* `make test-wasm`'s check of the browser build's allocator (Web/runtime.c), built with it
 * for wasm32 and run under node by Tests/Wasm/test-alloc.sh: random malloc, calloc, realloc,
 * posix_memalign, aligned_alloc and free, each block filled with a pattern of its own; after
 * every step the patterns are checked (no block overlaps another or was moved wrongly by
 * realloc), each pointer's alignment, and the heap walked from end to end: its blocks tile it
 * exactly, every free block is in its list and the free lists hold nothing else, no two free
 * blocks are neighbours, the block before `top` is in use, each boundary tag matches, and the
 * bytes allocated are the sum of the blocks in use. A failure traps after `failed_at` is set. */
#include "../../Web/runtime.c"

#define SLOTS 512
static u8 *slot[SLOTS];
static size_t slot_size[SLOTS];
static u8 slot_mark[SLOTS];
static u64 rng = 0x2545f4914f6cdd1dull;
static u32 failed_at, failed_step;

static u32 next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (u32)(rng >> 11); }

static void fail(u32 line) { failed_at = line; __builtin_trap(); }
#define CHECK(c) do { if (!(c)) fail(__LINE__); } while (0)

static void fill(int i) { for (size_t k = 0; k < slot_size[i]; k++) slot[i][k] = (u8)(slot_mark[i] + k * 7); }
static void verify(int i, size_t n) { for (size_t k = 0; k < n; k++) CHECK(slot[i][k] == (u8)(slot_mark[i] + k * 7)); }

static int listed(u8 *b) {
    for (u8 *c = lists[list_of(SIZE(b))]; c; c = LINK(c)->next) if (c == b) return 1;
    return 0;
}

static void walk(void) {
    size_t used = 0, free_blocks = 0;
    u8 *b = heap_start, *prev = 0;
    while (b && b < top) {
        size_t size = SIZE(b);
        CHECK(size >= MIN_BLOCK && size % 16 == 0 && (size_t)(b + 8) % 16 == 0);
        CHECK(((FLAGS(b) & PREV_FREE) != 0) == (prev && (FLAGS(prev) & FREE)));
        if (FLAGS(b) & PREV_FREE) CHECK(PREV_SIZE(b) == SIZE(prev));
        if (FLAGS(b) & FREE) {
            CHECK(!(FLAGS(b) & PREV_FREE));
            CHECK(listed(b));
            free_blocks++;
        } else used += size;
        prev = b;
        b += size;
    }
    CHECK(b == top && top <= heap_end);
    CHECK(!prev || !(FLAGS(prev) & FREE));
    CHECK(used == bytes_in_use);
    size_t in_lists = 0;
    for (int i = 0; i < NLIST; i++) {
        CHECK(!lists[i] == !(list_bits[i >> 5] & (1u << (i & 31))));
        for (u8 *c = lists[i]; c; c = LINK(c)->next) {
            CHECK(FLAGS(c) & FREE);
            CHECK(list_of(SIZE(c)) == i);
            CHECK(!LINK(c)->next || LINK(LINK(c)->next)->prev == c);
            in_lists++;
        }
    }
    for (int w = 0; w < (NLIST + 31) / 32; w++) CHECK(!list_bits[w] == !(word_bits & (1u << w)));
    CHECK(in_lists == free_blocks);
}

/* Sizes mostly small (Swift's objects), some up to 64 KiB, a few up to 2 MiB. */
static size_t some_size(void) {
    u32 r = next() % 100;
    if (r < 70) return next() % 200;
    if (r < 95) return next() % 65536;
    return next() % (2u << 20);
}

__attribute__((export_name("failed_line"))) u32 failed_line(void) { return failed_at; }
__attribute__((export_name("failed_step_number"))) u32 failed_step_number(void) { return failed_step; }

/* `steps` random steps; 0 when all held. */
__attribute__((export_name("run"))) u32 run(u32 steps) {
    for (u32 step = 0; step < steps; step++) {
        failed_step = step;
        int i = (int)(next() % SLOTS);
        u32 op = next() % 10;
        if (slot[i] && op < 4) {
            verify(i, slot_size[i]);
            free(slot[i]);
            slot[i] = 0;
        } else if (slot[i] && op < 7) {
            size_t n = some_size();
            verify(i, slot_size[i]);
            u8 *p = realloc(slot[i], n);
            CHECK(p && (size_t)p % 16 == 0 && malloc_usable_size(p) >= n);
            slot[i] = p;
            verify(i, n < slot_size[i] ? n : slot_size[i]);
            slot_size[i] = n;
            fill(i);
        } else if (!slot[i]) {
            size_t n = some_size(), align = 16;
            u8 *p;
            if (op < 6) p = malloc(n);
            else if (op < 8) {
                p = calloc(1, n);
                for (size_t k = 0; p && k < n; k++) CHECK(p[k] == 0);
            } else {
                align = (size_t)1 << (next() % 12);  /* 1 to 2048 */
                if (align < sizeof(void *)) align = sizeof(void *);
                void *q = 0;
                if (op == 8) CHECK(posix_memalign(&q, align, n) == 0);
                else q = aligned_alloc(align, n);
                p = q;
            }
            CHECK(p && (size_t)p % (align < 16 ? 16 : align) == 0 && malloc_usable_size(p) >= n);
            slot[i] = p;
            slot_size[i] = n;
            slot_mark[i] = (u8)next();
            fill(i);
        }
        walk();
    }
    for (int i = 0; i < SLOTS; i++) if (slot[i]) { verify(i, slot_size[i]); free(slot[i]); slot[i] = 0; }
    walk();
    CHECK(bytes_in_use == 0 && top == heap_start);
    return 0;
}
