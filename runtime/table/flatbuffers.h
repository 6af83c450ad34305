// flatbuffers.h: FlatBuffers' headers as the table reader includes them.
//
// FlatBuffers 2.0 defines its largest buffer, 2^31 - 1 bytes, as a 64-bit
// constant, so that its Verifier bounds a vector's element count with a
// 64-bit division (`FLATBUFFERS_MAX_BUFFER_SIZE / elem_size`). Where size_t
// has 32 bits (Cortex-M) that division is libgcc's __aeabi_uldivmod, 760
// bytes of flash that nothing else of the table path needs
// (tests/firmware/README.md). There this header gives the constant its
// value as a size_t, as later FlatBuffers releases give it as an int32_t:
// the same bound, so the same checks, divided in one instruction. The
// Verifier's functions are inline, defined where verifier.h is first read,
// so this header must come before any other inclusion of FlatBuffers' or
// the generated table headers (the runtime's table sources include it
// first, through view.h).
#ifndef HETCAST_RUNTIME_TABLE_FLATBUFFERS_H_
#define HETCAST_RUNTIME_TABLE_FLATBUFFERS_H_

#include <stdint.h>

#include "flatbuffers/base.h"

#if SIZE_MAX <= UINT32_MAX
#undef FLATBUFFERS_MAX_BUFFER_SIZE
#define FLATBUFFERS_MAX_BUFFER_SIZE (size_t{INT32_MAX})
#endif

#include "flatbuffers/flatbuffers.h"

#endif  // HETCAST_RUNTIME_TABLE_FLATBUFFERS_H_
