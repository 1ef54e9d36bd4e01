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
 * Size classes (16-byte steps to 256, then four per power of two) with a free list each;
 * memory comes from memory.grow in 64 KiB pages and is never given back. Every block has an
 * 8-byte header before the pointer: its class (or, past the classes, its size) and how far
 * the pointer is from the block's start (for alignments above 8). */

#define PAGE 65536u
#define NCLASS 96
extern u8 __heap_base;
static u8 *heap_top;
static u8 *heap_end;
static void *free_list[NCLASS];
static size_t class_size[NCLASS];
static int classes_ready;
/* Large blocks, past the last class: a first-fit list. */
struct big { struct big *next; size_t size; };
static struct big *big_free;
static size_t bytes_in_use;

static void init_classes(void) {
    int k = 0;
    for (size_t s = 16; s <= 256; s += 16) class_size[k++] = s;
    for (size_t p = 256; k < NCLASS; p *= 2)
        for (int q = 5; q <= 8 && k < NCLASS; q++) class_size[k++] = p * q / 4;
    classes_ready = 1;
}

static int class_of(size_t n) {
    if (!classes_ready) init_classes();
    if (n <= 256) return (int)((n + 15) / 16) - 1;
    int lo = 16, hi = NCLASS - 1;
    if (n > class_size[hi]) return -1;
    while (lo < hi) { int mid = (lo + hi) / 2; if (class_size[mid] >= n) hi = mid; else lo = mid + 1; }
    return lo;
}

static u8 *grab(size_t n) {
    if (!heap_top) { heap_top = (u8 *)(((size_t)&__heap_base + 15) & ~(size_t)15); heap_end = (u8 *)(__builtin_wasm_memory_size(0) * PAGE); }
    n = (n + 15) & ~(size_t)15;
    if ((size_t)(heap_end - heap_top) < n) {
        size_t need = n - (size_t)(heap_end - heap_top);
        size_t pages = (need + PAGE - 1) / PAGE;
        size_t grow = pages < 16 ? 16 : pages;
        if (__builtin_wasm_memory_grow(0, grow) == (size_t)-1) {
            if (grow == pages || __builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
            grow = pages;
        }
        heap_end += grow * PAGE;
    }
    u8 *p = heap_top;
    heap_top += n;
    return p;
}

/* Header: [u32 class+1, or 0 for a big block][u32 offset from the block start]. A big
 * block's size is in its first 8 bytes (struct big), before the header. */
static void *block_alloc(size_t n, size_t align) {
    if (align < 8) align = 8;
    size_t need = n + 8 + (align > 8 ? align - 8 : 0);
    int c = class_of(need + 8);  /* + 8: room for a big block's size word too */
    u8 *block;
    size_t size;
    if (c >= 0) {
        size = class_size[c];
        if (free_list[c]) { block = free_list[c]; free_list[c] = *(void **)block; }
        else if (!(block = grab(size))) return 0;
    } else {
        size = (need + 8 + 4095) & ~(size_t)4095;
        struct big **pp = &big_free; block = 0;
        for (; *pp; pp = &(*pp)->next) if ((*pp)->size >= size) { block = (u8 *)*pp; size = (*pp)->size; *pp = (*pp)->next; break; }
        if (!block && !(block = grab(size))) return 0;
        ((struct big *)block)->size = size;
    }
    u8 *user = (u8 *)((((size_t)block + 16) + align - 1) & ~(align - 1));
    ((u32 *)user)[-2] = c >= 0 ? (u32)c + 1 : 0;
    ((u32 *)user)[-1] = (u32)(user - block);
    bytes_in_use += size;
    return user;
}

static void block_free(void *p) {
    if (!p) return;
    u8 *user = p;
    u32 c = ((u32 *)user)[-2];
    u8 *block = user - ((u32 *)user)[-1];
    if (c) {
        bytes_in_use -= class_size[c - 1];
        *(void **)block = free_list[c - 1]; free_list[c - 1] = block;
    } else {
        struct big *b = (struct big *)block;
        bytes_in_use -= b->size;
        b->next = big_free; big_free = b;
    }
}

static size_t block_capacity(void *p) {
    u8 *user = p;
    u32 c = ((u32 *)user)[-2];
    u8 *block = user - ((u32 *)user)[-1];
    size_t size = c ? class_size[c - 1] : ((struct big *)block)->size;
    return size - (size_t)(user - block);
}

void *malloc(size_t n) { return block_alloc(n, 8); }
void free(void *p) { block_free(p); }
void *calloc(size_t a, size_t b) { size_t n = a * b; void *p = malloc(n); if (p) memset(p, 0, n); return p; }
void *realloc(void *p, size_t n) {
    if (!p) return malloc(n);
    size_t cap = block_capacity(p);
    if (n <= cap) return p;
    void *q = malloc(n);
    if (q) { memcpy(q, p, cap); free(p); }
    return q;
}
int posix_memalign(void **out, size_t align, size_t n) {
    void *p = block_alloc(n, align);
    if (!p) return 12; /* ENOMEM */
    *out = p;
    return 0;
}
void *aligned_alloc(size_t align, size_t n) { return block_alloc(n, align); }
size_t malloc_usable_size(void *p) { return p ? block_capacity(p) : 0; }

/* What `make bench` reads: the heap's size and what is allocated in it. */
__attribute__((export_name("navlab_heap_bytes"))) size_t navlab_heap_bytes(void) { return heap_top ? (size_t)(heap_top - &__heap_base) : 0; }
__attribute__((export_name("navlab_bytes_in_use"))) size_t navlab_bytes_in_use(void) { return bytes_in_use; }

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
 * each tutorial's name and text — before the engine needs them (HostDocs.swift). */

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
