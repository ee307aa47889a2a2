## src/ingest/csv.mk: owned by its module.
