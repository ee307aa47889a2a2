/* yscan.c: YAML inputs bounded before they are loaded (yscan.h). */
#include <string.h>
#include <yaml.h>

#include "runner/yscan.h"

int
gs_yscan_error(const yaml_parser_t *p, const char *where, long col_shift, gs_error *err)
{
	long col = (long)p->problem_mark.column + 1 - col_shift;

	return gs_error_set(err, where, (long)p->problem_mark.line + 1, col > 0 ? col : 1,
	                    "YAML: %s%s%s", p->problem ? p->problem : "syntax error",
	                    p->context ? " " : "", p->context ? p->context : "");
}

int
gs_yscan_events(yaml_parser_t *parser, const char *where, long col_shift, gs_error *err)
{
	int depth = 0, aliases = 0, rc = 1;
	yaml_event_t ev;

	while (rc > 0) {
		if (!yaml_parser_parse(parser, &ev))
			return gs_yscan_error(parser, where, col_shift, err);
		if (ev.type == YAML_SEQUENCE_START_EVENT || ev.type == YAML_MAPPING_START_EVENT)
			depth++;
		else if (ev.type == YAML_SEQUENCE_END_EVENT || ev.type == YAML_MAPPING_END_EVENT)
			depth--;
		else if (ev.type == YAML_ALIAS_EVENT)
			aliases++;
		if (depth > GS_YSCAN_MAX_DEPTH || aliases > GS_YSCAN_MAX_ALIASES) {
			long col = (long)ev.start_mark.column + 1 - col_shift;
			rc = gs_error_set(
			        err, where, (long)ev.start_mark.line + 1, col > 0 ? col : 1,
			        depth > GS_YSCAN_MAX_DEPTH ? "YAML nested deeper than %d levels"
			                                   : "YAML with more than %d aliases",
			        depth > GS_YSCAN_MAX_DEPTH ? GS_YSCAN_MAX_DEPTH
			                                   : GS_YSCAN_MAX_ALIASES);
		} else if (ev.type == YAML_STREAM_END_EVENT) {
			rc = 0;
		}
		yaml_event_delete(&ev);
	}
	return rc;
}

int
gs_yscan_text(const char *text, const char *where, long col_shift, gs_error *err)
{
	yaml_parser_t parser;
	int rc;

	yaml_parser_initialize(&parser);
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, strlen(text));
	rc = gs_yscan_events(&parser, where, col_shift, err);
	yaml_parser_delete(&parser);
	return rc;
}
