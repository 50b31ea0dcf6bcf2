/*
 * writer.h - the generated files, held in memory until every one of them is
 * ready, then written only where the content changed.
 *
 * Two invariants follow.  An error anywhere (in the input or while
 * generating) leaves the output folder as it was: nothing is written until
 * Writer_commit.  And an unchanged file keeps its timestamp, so that
 * regenerating after a YAML edit rebuilds only the objects whose source
 * really changed.
 *
 * PyTorch 1.13: torchgen/utils.py FileManager (write_with_template,
 * _write_if_changed)
 */
#ifndef MINATEN_CODEGEN_WRITER_H
#define MINATEN_CODEGEN_WRITER_H

#include <stddef.h>
#include <stdio.h>

enum { kWriterMaxFiles = 32 };

typedef struct GeneratedFile {
  char name[64]; /* "Functions.c" */
  FILE* stream;  /* open while the file is being generated */
  char* text;
  size_t len;
} GeneratedFile;

typedef struct Writer {
  GeneratedFile files[kWriterMaxFiles];
  size_t num_files;
} Writer;

void Writer_init(Writer* w);
/* Starts a file in memory and returns the stream to print it to, or NULL
 * (message on stderr) if out of memory or out of slots. */
FILE* Writer_open(Writer* w, const char* name);
/* Writes every file into out_dir (created, with its parents, if missing),
 * skipping those whose content on disk is identical.  Each file is written
 * to a temporary name and renamed, so a reader never sees half a file.
 * Returns 0, or -1 with a message on stderr. */
int Writer_commit(Writer* w, const char* out_dir);
/* Frees the buffers (whether or not they were committed). */
void Writer_free(Writer* w);

#endif
