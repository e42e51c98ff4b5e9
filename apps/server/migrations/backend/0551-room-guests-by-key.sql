-- A private server's gate lets an anonymous room guest's key open the audio of the room's songs
-- (rooms/room-access.ts): it finds the guest by the member id the key begins with.
create index room_members_guest on room_members (id) where user_id is null;
