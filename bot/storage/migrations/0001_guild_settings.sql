-- Per-guild configuration: who the GM is, the reply language and rule options.
-- rule_options holds a JSON object validated by rules.options.RuleOptions.
CREATE TABLE guild_settings (
    guild_id     INTEGER PRIMARY KEY,
    gm_role_id   INTEGER,
    locale       TEXT CHECK (locale IS NULL OR locale IN ('en', 'pt-BR')),
    rule_options TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(rule_options)),
    updated_at   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
