-- PostgreSQL twin of ../0003_pending_attacks.sql.
-- Ids come from pending_attack_ids, which counts by 64 (bot.storage.dialect.ATTACK_ID_BLOCK):
-- a process reserves the 64 ids from one nextval for the attacks it writes, and a
-- plain insert takes its own nextval, so no two ever share an id.
CREATE SEQUENCE pending_attack_ids INCREMENT BY 64;

CREATE TABLE pending_attacks (
    attack_id     BIGINT PRIMARY KEY DEFAULT nextval('pending_attack_ids'),
    guild_id      BIGINT,
    channel_id    BIGINT NOT NULL,
    attacker_id   TEXT   NOT NULL,
    target_id     TEXT   NOT NULL,
    owner_user_id BIGINT,
    status        TEXT   NOT NULL DEFAULT 'awaiting'
                  CHECK (status IN ('awaiting', 'resolved', 'cancelled')),
    payload       TEXT   NOT NULL CHECK ((payload::json) IS NOT NULL),
    message_id    BIGINT,
    created_at    TEXT   NOT NULL,
    resolved_at   TEXT
);

ALTER SEQUENCE pending_attack_ids OWNED BY pending_attacks.attack_id;

CREATE INDEX pending_attacks_open ON pending_attacks (channel_id, target_id, status);
