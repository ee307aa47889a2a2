## src/ingest/trace.mk: owned by its module.
