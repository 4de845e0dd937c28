-- The owner's answers ask for each project's newest mail to a doctor (was it delivered?).
CREATE INDEX outbox_by_subject ON outbox (subject_id, created_at) WHERE kind = 'doctor';
