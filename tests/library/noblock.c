/* noblock.c - a shared object with no MINATEN_LIBRARY block: not an operator library. */
int noblock_answer(void);
int noblock_answer(void) { return 42; }
