/* The little C runtime the browser build of NavLab needs, and nothing else: Embedded Swift on
 * wasm32 with no libc. An allocator over the module's linear memory, the mem* functions,
 * Hasher's seed, a 128-bit multiply, and the stack protector's symbols. Freestanding: no
 * headers. */

typedef unsigned long size_t;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef unsigned char u8;

/* ---- memory ------------------------------------------------------------------------- */

void *memcpy(void *d, const void *s, size_t n) { __builtin_memcpy(d, s, n); return d; }
void *memmove(void *d, const void *s, size_t n) { __builtin_memmove(d, s, n); return d; }
void *memset(void *d, int c, size_t n) { __builtin_memset(d, c, n); return d; }
int memcmp(const void *a, const void *b, size_t n) {
    const u8 *x = a, *y = b;
    for (size_t i = 0; i < n; i++) if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
}
size_t strlen(const char *s) { size_t n = 0; while (s[n]) n++; return n; }

/* ---- the allocator ---------------------------------------------------------------------
 * Blocks with boundary tags over the module's linear memory, which grows (memory.grow, in
 * 64 KiB pages) and is never given back: a freed block merges with a free neighbour, a free
 * block is split to fit, and what is free serves any size, so a transient peak (a long JSON
 * answer, a journal) leaves memory the next one reuses, whatever its sizes.
 *
 * A block: [u32 size of the previous block, valid when that one is free][u32 size | FREE |
 * PREV_FREE] then what it holds, 16-aligned: blocks start 8 past a multiple of 16 and their
 * sizes are multiples of 16 (the 8-byte header included), 16 at least. A free block holds
 * the links of its free list. No two free blocks are neighbours, and the last block before
 * `top` (where the blocks end and the memory not yet handed out begins; it falls back when
 * the block before it is freed) is never free. Free lists by size: one for each multiple of 16 below 512, then 16
 * for each power of two; a bitmap says which are non-empty. A request takes the best fit of
 * its own list (the first 16 looked at), else any block of the next non-empty list, else
 * memory at `top`. */

#define PAGE 65536u
#define FREE 1u
#define PREV_FREE 2u
#define MIN_BLOCK 16u
#define EXACT 32            /* lists 0..31: exactly 16 × i bytes */
#define NLIST (EXACT + 23 * 16)
extern u8 __heap_base;
static u8 *heap_start, *top, *heap_end;
struct link { u8 *next, *prev; };
static u8 *lists[NLIST];
static u32 list_bits[(NLIST + 31) / 32];
static u32 word_bits;
static size_t bytes_in_use, peak_in_use;

#define SIZE(b) (((u32 *)(b))[1] & ~15u)
#define FLAGS(b) (((u32 *)(b))[1] & 15u)
#define PREV_SIZE(b) (((u32 *)(b))[0])
#define LINK(b) ((struct link *)((b) + 8))

static int list_of(size_t size) {
    if (size < 16 * EXACT) return (int)(size / 16);
    int f = 31 - __builtin_clz((u32)size);
    return EXACT + (f - 9) * 16 + (int)((size >> (f - 4)) & 15);
}

static void list_add(u8 *b) {
    int i = list_of(SIZE(b));
    LINK(b)->prev = 0;
    LINK(b)->next = lists[i];
    if (lists[i]) LINK(lists[i])->prev = b;
    lists[i] = b;
    list_bits[i >> 5] |= 1u << (i & 31);
    word_bits |= 1u << (i >> 5);
}

static void list_remove(u8 *b) {
    int i = list_of(SIZE(b));
    struct link *l = LINK(b);
    if (l->prev) LINK(l->prev)->next = l->next; else lists[i] = l->next;
    if (l->next) LINK(l->next)->prev = l->prev;
    if (!lists[i]) {
        list_bits[i >> 5] &= ~(1u << (i & 31));
        if (!list_bits[i >> 5]) word_bits &= ~(1u << (i >> 5));
    }
}

/* The first non-empty list at or after i, or -1. */
static int list_from(int i) {
    if (i >= NLIST) return -1;
    int w = i >> 5;
    u32 bits = list_bits[w] & (~0u << (i & 31));
    if (bits) return (w << 5) + __builtin_ctz(bits);
    u32 words = w + 1 < 32 ? word_bits & (~0u << (w + 1)) : 0;
    if (!words) return -1;
    w = __builtin_ctz(words);
    return (w << 5) + __builtin_ctz(list_bits[w]);
}

/* Marks b (its size and its PREV_FREE flag set) free: merged with a free neighbour, given
 * back to `top` when it is the last block, else put in its list. */
static void release(u8 *b) {
    size_t size = SIZE(b);
    if (FLAGS(b) & PREV_FREE) {
        u8 *p = b - PREV_SIZE(b);
        list_remove(p);
        size += SIZE(p);
        b = p;
    }
    u8 *n = b + size;
    if (n == top) { top = b; return; }
    if (FLAGS(n) & FREE) { list_remove(n); size += SIZE(n); n = b + size; }
    ((u32 *)b)[1] = (u32)size | FREE;
    PREV_SIZE(n) = (u32)size;
    ((u32 *)n)[1] |= PREV_FREE;
    list_add(b);
}

/* Cuts b (in use) down to `size` when what is left makes a block of its own, and frees that. */
static void trim(u8 *b, size_t size) {
    size_t rest = SIZE(b) - size;
    if (rest < MIN_BLOCK) return;
    ((u32 *)b)[1] = (u32)size | FLAGS(b);
    u8 *r = b + size;
    ((u32 *)r)[1] = (u32)rest;
    release(r);
}

/* Moves `top` up by n bytes, growing the memory when needed (by 1 MiB at least). */
static u8 *take_top(size_t n) {
    if (!heap_start) {
        heap_start = top = (u8 *)((((size_t)&__heap_base + 15) & ~(size_t)15) + 8);
        heap_end = (u8 *)(__builtin_wasm_memory_size(0) * PAGE);
        if (heap_end < top) heap_end = top;
    }
    if ((size_t)(heap_end - top) < n) {
        size_t need = n - (size_t)(heap_end - top);
        size_t pages = (need + PAGE - 1) / PAGE;
        size_t grow = pages < 16 ? 16 : pages;
        if (__builtin_wasm_memory_grow(0, grow) == (size_t)-1) {
            if (grow == pages || __builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
            grow = pages;
        }
        heap_end += grow * PAGE;
    }
    u8 *b = top;
    top += n;
    ((u32 *)b)[1] = (u32)n;  /* the block before `top` is in use: no PREV_FREE */
    return b;
}

/* A block of at least `size` bytes (a multiple of 16), in use. */
static u8 *block_take(size_t size) {
    int i = list_of(size);
    u8 *b = 0;
    if (i >= EXACT && lists[i]) {
        /* This list's blocks are of sizes near `size`: the best fit of the first 16. */
        size_t best = (size_t)-1;
        int k = 0;
        for (u8 *c = lists[i]; c && k < 16; c = LINK(c)->next, k++)
            if (SIZE(c) >= size && SIZE(c) < best) { b = c; best = SIZE(c); if (best == size) break; }
        i++;
    }
    if (!b) {
        int j = list_from(i);
        if (j < 0) return take_top(size);
        b = lists[j];
    }
    list_remove(b);
    size_t have = SIZE(b);
    ((u32 *)b)[1] = (u32)have | (FLAGS(b) & PREV_FREE);  /* PREV_FREE is never set: no free neighbours */
    ((u32 *)(b + have))[1] &= ~PREV_FREE;
    trim(b, size);
    return b;
}

static size_t block_size_for(size_t n) {
    if (n > 0xFFFF0000u - 8) return 0;
    size_t size = (n + 8 + 15) & ~(size_t)15;
    return size < MIN_BLOCK ? MIN_BLOCK : size;
}

static void *block_alloc(size_t n, size_t align) {
    size_t size = block_size_for(n);
    if (!size || (align & (align - 1))) return 0;
    u8 *b;
    if (align <= 16) {
        if (!(b = block_take(size))) return 0;
    } else {
        if (align > 0x10000000u || size > 0xFFFF0000u - align || !(b = block_take(size + align))) return 0;
        size_t user = (size_t)b + 8, aligned = (user + align - 1) & ~(align - 1);
        if (aligned != user) {
            /* The part before the aligned address (16 bytes or more) is freed. */
            size_t lead = aligned - user, whole = SIZE(b);
            u8 *a = b + lead;
            ((u32 *)a)[1] = (u32)(whole - lead);
            ((u32 *)b)[1] = (u32)lead | (FLAGS(b) & PREV_FREE);
            release(b);
            b = a;
        }
        trim(b, size);
    }
    bytes_in_use += SIZE(b);
    if (bytes_in_use > peak_in_use) peak_in_use = bytes_in_use;
    return b + 8;
}

static void block_free(void *p) {
    if (!p) return;
    u8 *b = (u8 *)p - 8;
    bytes_in_use -= SIZE(b);
    release(b);
}

static size_t block_capacity(void *p) { return SIZE((u8 *)p - 8) - 8; }

/* In place when the block can grow into a free neighbour or `top`. */
static void *block_realloc(void *p, size_t n) {
    u8 *b = (u8 *)p - 8;
    size_t size = block_size_for(n), have = SIZE(b);
    if (!size) return 0;
    bytes_in_use -= have;
    if (size > have) {
        u8 *next = b + have;
        if (next == top) {
            if (take_top(size - have)) ((u32 *)b)[1] = (u32)size | FLAGS(b);
        } else if ((FLAGS(next) & FREE) && have + SIZE(next) >= size) {
            size_t whole = have + SIZE(next);
            list_remove(next);
            ((u32 *)b)[1] = (u32)whole | FLAGS(b);
            ((u32 *)(b + whole))[1] &= ~PREV_FREE;
        }
    }
    if (SIZE(b) >= size) {
        trim(b, size);
        bytes_in_use += SIZE(b);
        if (bytes_in_use > peak_in_use) peak_in_use = bytes_in_use;
        return p;
    }
    bytes_in_use += SIZE(b);
    void *q = block_alloc(n, 16);
    if (q) { memcpy(q, p, SIZE(b) - 8); block_free(p); }
    return q;
}

void *malloc(size_t n) { return block_alloc(n, 16); }
void free(void *p) { block_free(p); }
void *calloc(size_t a, size_t b) {
    if (b && a > (size_t)-1 / b) return 0;
    size_t n = a * b;
    void *p = malloc(n);
    if (p) memset(p, 0, n);
    return p;
}
void *realloc(void *p, size_t n) { return p ? block_realloc(p, n) : malloc(n); }
int posix_memalign(void **out, size_t align, size_t n) {
    void *p = block_alloc(n, align);
    if (!p) return 12; /* ENOMEM */
    *out = p;
    return 0;
}
void *aligned_alloc(size_t align, size_t n) { return block_alloc(n, align); }
size_t malloc_usable_size(void *p) { return p ? block_capacity(p) : 0; }

/* What `make bench` reads: the heap's size, what is allocated in it now and at most. */
__attribute__((export_name("navlab_heap_bytes"))) size_t navlab_heap_bytes(void) { return heap_start ? (size_t)(top - &__heap_base) : 0; }
__attribute__((export_name("navlab_bytes_in_use"))) size_t navlab_bytes_in_use(void) { return bytes_in_use; }
__attribute__((export_name("navlab_peak_bytes_in_use"))) size_t navlab_peak_bytes_in_use(void) { return peak_in_use; }

/* ---- the rest --------------------------------------------------------------------------- */

/* Hasher's seed. A fixed one: the browser build has no need of a per-process seed, and
 * NavLab's output never depends on a dictionary's order (native runs use a random seed). */
void arc4random_buf(void *buf, size_t n) {
    u8 *b = buf;
    u64 x = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < n; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; b[i] = (u8)x; }
}

/* A 128-bit multiply (compiler-rt's __multi3, which the toolchain does not ship for wasm32). */
typedef struct { u64 lo, hi; } u128;
static u64 mulhi64(u64 a, u64 b) {
    u64 a0 = (u32)a, a1 = a >> 32, b0 = (u32)b, b1 = b >> 32;
    u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    u64 mid = (p00 >> 32) + (u32)p01 + (u32)p10;
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}
void __multi3(u128 *ret, u64 alo, u64 ahi, u64 blo, u64 bhi) {
    ret->lo = alo * blo;
    ret->hi = mulhi64(alo, blo) + alo * bhi + ahi * blo;
}

/* What Swift prints before a trap ("Fatal error: …"), kept for the host to show: the last
 * 4 KiB written, read through navlab_trap_message after the trap. */
static char message[4096];
static size_t message_len;
int putchar(int c) {
    if (message_len == sizeof message) { memmove(message, message + 1024, sizeof message - 1024); message_len -= 1024; }
    message[message_len++] = (char)c;
    return c;
}
__attribute__((export_name("navlab_trap_message"))) const char *navlab_trap_message(void) { message[message_len < sizeof message ? message_len : sizeof message - 1] = 0; return message; }

size_t __stack_chk_guard = 0x5a17c0de;
void __stack_chk_fail(void) { __builtin_trap(); }

/* ---- the docs, from the host ----------------------------------------------------------
 * The browser build leaves Docs/UIKit.md and the tutorials' scripts out of the module (they
 * are a third of it, compressed): the host fetches navlab-docs.json beside navlab.wasm, puts
 * each text in memory (navlab_alloc) and hands it over here, in order — the catalogue, then
 * each tutorial's name and text — before the engine needs them (Web/Wasm/HostDocs.swift). */

#define MAX_DOCS 256
static const u8 *doc_text[MAX_DOCS];
static u32 doc_length[MAX_DOCS];
static u32 doc_count;

__attribute__((export_name("navlab_docs_add"))) int navlab_docs_add(const u8 *p, u32 n) {
    if (doc_count >= MAX_DOCS) return 0;
    doc_text[doc_count] = p;
    doc_length[doc_count] = n;
    doc_count++;
    return 1;
}

u32 navlab_docs_count(void) { return doc_count; }

const u8 *navlab_docs_entry(u32 i, u32 *length) {
    if (i >= doc_count) { *length = 0; return 0; }
    *length = doc_length[i];
    return doc_text[i];
}
