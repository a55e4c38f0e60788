-- Attacks that hit and wait for the target's active defense (issue 5).
-- payload holds the JSON of rules.combat.PendingDefense: the attack roll, what
-- the blow does if it lands and the attack's circumstances, so a button pressed
-- after a restart resolves exactly the attack that was shown.
CREATE TABLE pending_attacks (
    attack_id     INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    attacker_id   TEXT    NOT NULL,
    target_id     TEXT    NOT NULL,
    owner_user_id INTEGER,
    status        TEXT    NOT NULL DEFAULT 'awaiting'
                  CHECK (status IN ('awaiting', 'resolved', 'cancelled')),
    payload       TEXT    NOT NULL CHECK (json_valid(payload)),
    message_id    INTEGER,
    created_at    TEXT    NOT NULL,
    resolved_at   TEXT
);

CREATE INDEX pending_attacks_open ON pending_attacks (channel_id, target_id, status);
