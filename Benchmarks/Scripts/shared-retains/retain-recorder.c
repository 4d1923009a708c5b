// Preloaded by Scripts/shared-retains.sh into the `shared-retains` tool (Linux).
//
// Wraps the Swift runtime's retain and release entry points. While recording is on, each thread
// counts the objects it retains or releases in a table of its own; the tool then compares the
// tables of two threads. An object in both is one whose reference count both threads write: a
// cache line that moves between their cores on every decode.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define SLOTS (1 << 16)

static volatile int recording = 0;
static __thread uintptr_t *objects;
static __thread uintptr_t *classes;
static __thread unsigned long *counts;

static void record(void *pointer, int isBridgeObject) {
    if (!recording || !pointer) return;
    uintptr_t object = (uintptr_t)pointer;
    if (isBridgeObject) {
        // A bridge object keeps flags in its top bits. An immortal or small string (bit 63 or 61)
        // holds no object the runtime would count.
        if (object >> 63 || (object >> 61) & 1) return;
        object &= 0x00fffffffffffff8ULL;
    }
    if (object < 0x10000 || object > 0x7fffffffffffULL) return;
    if (!objects) {
        objects = calloc(SLOTS, sizeof *objects);
        classes = calloc(SLOTS, sizeof *classes);
        counts = calloc(SLOTS, sizeof *counts);
    }
    unsigned slot = (unsigned)((object >> 4) * 2654435761u) & (SLOTS - 1);
    while (objects[slot] && objects[slot] != object) slot = (slot + 1) & (SLOTS - 1);
    if (!objects[slot]) classes[slot] = *(uintptr_t *)object;  // the object's metadata, while it is alive
    objects[slot] = object;
    counts[slot]++;
}

#define FORWARD(name, isBridgeObject)                                                       \
    void *name(void *object) {                                                              \
        static void *(*next)(void *);                                                       \
        if (!next) next = (void *(*)(void *))dlsym(RTLD_NEXT, #name);                       \
        record(object, isBridgeObject);                                                     \
        return next(object);                                                                \
    }
#define FORWARD_VOID(name, isBridgeObject)                                                  \
    void name(void *object) {                                                               \
        static void (*next)(void *);                                                        \
        if (!next) next = (void (*)(void *))dlsym(RTLD_NEXT, #name);                        \
        record(object, isBridgeObject);                                                     \
        next(object);                                                                       \
    }
#define FORWARD_N(name, isBridgeObject)                                                     \
    void *name(void *object, uint32_t n) {                                                  \
        static void *(*next)(void *, uint32_t);                                             \
        if (!next) next = (void *(*)(void *, uint32_t))dlsym(RTLD_NEXT, #name);             \
        record(object, isBridgeObject);                                                     \
        return next(object, n);                                                             \
    }
#define FORWARD_VOID_N(name, isBridgeObject)                                                \
    void name(void *object, uint32_t n) {                                                   \
        static void (*next)(void *, uint32_t);                                              \
        if (!next) next = (void (*)(void *, uint32_t))dlsym(RTLD_NEXT, #name);              \
        record(object, isBridgeObject);                                                     \
        next(object, n);                                                                    \
    }

FORWARD(swift_retain, 0)
FORWARD_VOID(swift_release, 0)
FORWARD_N(swift_retain_n, 0)
FORWARD_VOID_N(swift_release_n, 0)
FORWARD(swift_bridgeObjectRetain, 1)
FORWARD_VOID(swift_bridgeObjectRelease, 1)
FORWARD_N(swift_bridgeObjectRetain_n, 1)
FORWARD_VOID_N(swift_bridgeObjectRelease_n, 1)

/// Turns recording on (1) or off (0) for every thread.
void retain_recorder_set(int on) { recording = on; }

/// Writes this thread's table to `path`, one object per line: address, count, whether the object
/// is static (inside a loaded image: an immortal object whose count never changes), its class's
/// metadata address.
void retain_recorder_dump(const char *path) {
    FILE *file = fopen(path, "w");
    if (!file) return;
    for (int slot = 0; objects && slot < SLOTS; slot++) {
        if (!objects[slot]) continue;
        Dl_info info;
        int isStatic = dladdr((void *)objects[slot], &info) != 0;
        fprintf(file, "%lx %lu %d %lx\n", (unsigned long)objects[slot], counts[slot], isStatic,
                (unsigned long)classes[slot]);
    }
    fclose(file);
}
