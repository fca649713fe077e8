-- One stored form per event (issue 37; packages/core/src/event-references.ts owns them): a
-- context's created event is its reference `~C<transaction hash>,<estimated confirmation, epoch ms>`,
-- a context's confirmed event the reference `~A`, every other event its envelope. The forms written
-- before (the whole envelope of a context's event, `~` envelopes with its row's members null, the
-- `~c` and `~a` skeletons) are rewritten into those by the data step `event_forms`
-- (packages/db/src/data-steps/event-forms.ts), which runs right after this migration and checks
-- that each rewritten row renders the very bytes it rendered before (a retry signs what the first
-- attempt signed). No CHECK constraint holds rows to the forms: Prisma's schema engine cannot read
-- one (its describer panics on it, which breaks the drift check); event-references.ts writes only
-- these forms and refuses to read any other.
COMMENT ON COLUMN "outbox_events"."payload" IS
  'The event as stored (packages/core/src/event-references.ts): ~C<tx>,<estimate ms> for a context.created of a context, ~A for a context.confirmed of a context, else the envelope sent';
