// payments-kit/elements defines the kit's tags when imported; Vue renders them as plain elements
// (vite.config.js: isCustomElement).
import 'payments-kit/elements';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
