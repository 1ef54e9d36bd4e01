#ifndef NAVLAB_CEDITLINE_SHIM_H
#define NAVLAB_CEDITLINE_SHIM_H
// libedit's native API (el_gets, EL_ADDFN, EL_RPROMPT, history). el_set and history are
// variadic, which Swift cannot call: each use gets a static inline wrapper here.
#include <histedit.h>
#endif
