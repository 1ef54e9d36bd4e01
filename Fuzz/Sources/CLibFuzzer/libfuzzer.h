// libFuzzer's driver, from clang's runtime (linked by -sanitize=fuzzer). SwiftPM names an
// executable's entry point MODULE_main, so the harness's main.swift starts libFuzzer itself.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*UserCb)(const uint8_t *Data, size_t Size));
