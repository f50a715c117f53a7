// Keeps the tests out of the real settings of whoever runs them.
//
// On Linux, Foundation keeps every suite (the standard one and those opened by name) in $XDG_CONFIG_HOME, else
// ~/.config, and CoreFoundation reads its environment when it starts, before any Swift code: setting the
// variable from a test is too late. So, before anything else runs (a constructor; Swift Testing has no
// process-wide set-up), a test process that has no temporary settings home yet makes one, points
// XDG_CONFIG_HOME at it and executes itself again (same process id, same arguments). Its child processes
// inherit the folder, which the process removes at exit. Apple platforms keep suites in cfprefsd; there the
// tests use uniquely named suites and remove them.
#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "TestEnvironment.h"
#include <dlfcn.h>
#include <stddef.h>

const char *typed_defaults_test_image_path(void) {
    Dl_info info;
    return dladdr((const void *)typed_defaults_test_image_path, &info) != 0 ? info.dli_fname : NULL;
}

#if defined(__linux__)
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OWNER_VARIABLE "TYPED_DEFAULTS_TEST_HOME_OWNER"

static int remove_entry(const char *path, const struct stat *status, int flag, struct FTW *walk) {
    (void)status; (void)flag; (void)walk;
    return remove(path);
}

static void remove_config_home(void) {
    const char *home = getenv("XDG_CONFIG_HOME");
    if (home != NULL) nftw(home, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

// glibc hands constructors the program's arguments.
__attribute__((constructor)) static void isolate_config_home(int argc, char **argv, char **envp) {
    (void)argc; (void)envp;
    char pid[32];
    snprintf(pid, sizeof pid, "%ld", (long)getpid());
    const char *owner = getenv(OWNER_VARIABLE);
    if (owner != NULL && getenv("XDG_CONFIG_HOME") != NULL) {
        // Already isolated: by this process before it executed itself again (it owns the folder), or by a
        // test process that started this one (the folder is that process's).
        if (strcmp(owner, pid) == 0) atexit(remove_config_home);
        return;
    }
    char home[4096];
    const char *temporary = getenv("TMPDIR");
    snprintf(home, sizeof home, "%s/typed-defaults-tests-XXXXXX", temporary && temporary[0] ? temporary : "/tmp");
    if (mkdtemp(home) == NULL) {
        perror("TestEnvironment: cannot make a temporary settings home; refusing to run against the real one");
        abort();
    }
    setenv("XDG_CONFIG_HOME", home, 1);
    setenv(OWNER_VARIABLE, pid, 1);
    execv("/proc/self/exe", argv);
    perror("TestEnvironment: cannot restart the test process with a temporary settings home");
    abort();
}

const char *typed_defaults_test_config_home(void) { return getenv("XDG_CONFIG_HOME"); }
#else
const char *typed_defaults_test_config_home(void) { return NULL; }
#endif
