import { Menu, ShoppingCart, X, Zap } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { LinkButton } from '../link-button';
import { Button } from '../ui/button';

const NAV_LINKS = [
  { to: '/', label: 'Beranda', end: true },
  { to: '/shop', label: 'Produk', end: false },
  { to: '/status', label: 'Cek Status', end: false },
  { to: '/register', label: 'Daftar Merchant', end: false },
];

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 hover:text-brand-700',
    isActive ? 'text-brand-700' : 'text-slate-700',
  );
}

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  // Navigating closes the small-screen menu.
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      {/* A plain disclosure (button + aria-expanded) rather than Radix Collapsible: every page loads the
          header, and the widget needs nothing Radix adds (decision 0043). */}
      <div>
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-700" aria-label="AIPOS Beranda">
            <Zap aria-hidden className="size-6" />
            AIPOS
          </Link>
          <nav aria-label="Navigasi utama" className="hidden items-center gap-1 md:flex">
            {NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end} className={navClass}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="hidden items-center gap-2 md:flex">
            <LinkButton to="/admin/login" variant="secondary" size="sm">
              Admin
            </LinkButton>
            <LinkButton to="/shop" size="sm">
              <ShoppingCart aria-hidden />
              Beli Produk
            </LinkButton>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={open ? 'Tutup menu' : 'Buka menu'}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((current) => !current)}
          >
            {open ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
        <div id={menuId} hidden={!open} className="border-t border-slate-200 md:hidden">
          <nav aria-label="Navigasi seluler" className="flex flex-col gap-1 px-4 py-3">
            {NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.end} className={navClass}>
                {link.label}
              </NavLink>
            ))}
            <div className="mt-2 flex gap-2">
              <LinkButton to="/admin/login" variant="secondary" size="sm" className="flex-1">
                Admin
              </LinkButton>
              <LinkButton to="/shop" size="sm" className="flex-1">
                Beli Produk
              </LinkButton>
            </div>
          </nav>
        </div>
      </div>
    </header>
  );
}
