import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the element named by the URL's #hash (the footer links to /help#terms etc.). */
export function useHashScroll(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash]);
}
