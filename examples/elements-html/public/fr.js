// The French words, from the package's dist/messages/fr.js, which server.mjs serves beside the
// standalone file; `locale="fr"` on the provider writes money and dates the French way.
import { fr } from '/payments-kit/messages/fr.js';

document.getElementById('payments').messages = fr;
