import { unauthorized } from '../../permissions/authorization.js';
import type { CollectionRules } from './collection-rules.js';

/**
 * A user's own documents (favourites, playlists, plays) carry their `userId`
 * (SPEC#roles-signed-user: "data filtered by own userId"): a new document must name the
 * caller, and the owner can never be changed afterwards.
 */
export function ownedByCaller(attribute: string): CollectionRules {
  return {
    async beforeCreate(ctx, data) {
      if (data[attribute] !== ctx.caller.userId) {
        throw unauthorized(`The "${attribute}" of a new document must be the id of the signed-in user.`);
      }
    },
    async beforeUpdate(_ctx, current, changes) {
      if (attribute in changes && changes[attribute] !== current[attribute]) {
        throw unauthorized(`The "${attribute}" of a document cannot be changed.`);
      }
    },
  };
}
