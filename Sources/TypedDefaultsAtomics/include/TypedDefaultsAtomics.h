// One machine word read and written atomically, for the runtime's hot paths (`AtomicWord`).
//
// C atomics, because the deployment target rules out Swift's own: `Synchronization.Atomic` ships from iOS 18 /
// macOS 15, and importing that module autolinks its library whatever the availability checks. The compiler's
// `__atomic` builtins, which `<stdatomic.h>` is made of in clang and GCC: the same instructions, and no system
// header, so the target depends on no module of the SDK (`<stdint.h>` there brings in the whole `Darwin` module).
// Every function is `static inline`: a call compiles to the instruction itself in the caller, on every platform.
#ifndef TYPED_DEFAULTS_ATOMICS_H
#define TYPED_DEFAULTS_ATOMICS_H

// Pointer-sized, as Swift's `Int`.
typedef __INTPTR_TYPE__ td_word;

static inline td_word td_atomic_load_acquire(td_word *word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

// For a flag whose change needs no ordering with other memory (a hint read on every write).
static inline td_word td_atomic_load_relaxed(td_word *word) {
    return __atomic_load_n(word, __ATOMIC_RELAXED);
}

static inline void td_atomic_store_release(td_word *word, td_word value) {
    __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

static inline _Bool td_atomic_compare_exchange(td_word *word, td_word expected, td_word desired) {
    return __atomic_compare_exchange_n(word, &expected, desired, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

static inline td_word td_atomic_fetch_add(td_word *word, td_word amount) {
    return __atomic_fetch_add(word, amount, __ATOMIC_ACQ_REL);
}

#endif
