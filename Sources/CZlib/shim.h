#ifndef NAVLAB_CZLIB_SHIM_H
#define NAVLAB_CZLIB_SHIM_H
// zlib (Debian zlib1g-dev), for the page's files served gzip-compressed. deflateInit2 is a
// macro, which Swift cannot call: a static inline wrapper here.
#include <zlib.h>

/// A deflate stream that writes the gzip format (windowBits 15 + 16), best compression.
static inline int navlab_deflate_init_gzip(z_streamp stream) {
    return deflateInit2(stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY);
}

/// A deflate stream in the gzip format at zlib's default level, for a stream of messages
/// each flushed on its own (the page's event stream).
static inline int navlab_deflate_init_stream(z_streamp stream) {
    return deflateInit2(stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

#endif
