-- SIGNUPS=invite: a sign-in through Google or another OpenID provider started from an invitation link
-- carries the invitation (the hash of its secret) to the callback, where a first sign-in spends it.
alter table oauth_states add column invitation_hash text;
