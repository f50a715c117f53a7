#ifndef TYPED_DEFAULTS_TEST_ENVIRONMENT_H
#define TYPED_DEFAULTS_TEST_ENVIRONMENT_H

/// The folder that stands for the test process's settings home on Linux (`XDG_CONFIG_HOME`, set before any
/// test runs and inherited by child processes), or NULL on other platforms.
const char *_Nullable typed_defaults_test_config_home(void);

/// The path of the file (executable or library) that holds the test code, or NULL: where the built products are.
const char *_Nullable typed_defaults_test_image_path(void);

#endif
