import './app/boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App.tsx';
import { mark } from './app/marks.ts';
import './ui/styles.css';
import './ui/fonts.css';
import './ui/touch.css';

mark('main');
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);
