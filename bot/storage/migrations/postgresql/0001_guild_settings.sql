-- PostgreSQL twin of ../0001_guild_settings.sql: the same table, the same text in it.
-- Timestamps are stored as ISO text exactly as SQLite writes them (UTC, milliseconds,
-- "Z"), so rows copied between the backends read back the same.
CREATE TABLE guild_settings (
    guild_id     BIGINT PRIMARY KEY,
    gm_role_id   BIGINT,
    locale       TEXT CHECK (locale IS NULL OR locale IN ('en', 'pt-BR')),
    rule_options TEXT   NOT NULL DEFAULT '{}' CHECK ((rule_options::json) IS NOT NULL),
    updated_at   TEXT   NOT NULL
                 DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
);
