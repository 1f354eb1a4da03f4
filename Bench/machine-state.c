// Times two loops, round after round: one that only computes (a multiply-add chain in
// registers) and one that only waits on memory (2,000,000 dependent-free random reads of a
// 64 MiB buffer, far larger than the caches). Built and run by scripts/machine-state; see
// docs/performance-history.md, "The tenth round", for why: on a shared machine the second
// can change speed while the first does not, and a benchmark that touches more cold memory
// than its reference is judged by which state it ran in.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec * 1e3 + (double)now.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 40;
    if (rounds < 1) rounds = 1;
    const size_t size = (size_t)64 << 20;
    unsigned char *buffer = malloc(size);
    if (!buffer) {
        fprintf(stderr, "machine-state: cannot allocate 64 MiB\n");
        return 1;
    }
    for (size_t i = 0; i < size; i++) buffer[i] = (unsigned char)i;
    volatile uint64_t sink = 1;
    printf("round  compute ms  memory ms\n");
    for (int round = 1; round <= rounds; round++) {
        double start = milliseconds();
        uint64_t value = sink;
        // A xorshift step between the multiplies, so that no compiler can sum the chain.
        for (long i = 0; i < 20000000; i++) {
            value = value * 6364136223846793005u + 1;
            value ^= value >> 29;
        }
        double computed = milliseconds();
        uint64_t sum = 0, index = 1;
        for (long i = 0; i < 2000000; i++) {
            index = (index * 2654435761u + (uint64_t)i) & (size - 1);
            sum += buffer[index];
        }
        double read = milliseconds();
        sink = value + sum;
        printf("%5d  %10.1f  %9.1f\n", round, computed - start, read - computed);
        fflush(stdout);
    }
    free(buffer);
    return 0;
}
