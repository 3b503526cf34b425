import { Mail, MapPin, Phone, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCTS } from '../../../domain/products';

export function SiteFooter() {
  return (
    <footer className="mt-auto bg-slate-900 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <Zap aria-hidden className="size-5" /> AIPOS
          </p>
          <p className="mt-3 text-sm">Perangkat pembayaran dan pendaftaran merchant yang aman, cepat, dan mudah.</p>
        </div>
        <div>
          <h2 className="font-semibold text-white">Produk</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {PRODUCTS.map((product) => (
              <li key={product.id}>
                <Link to="/shop" className="hover:text-white">
                  {product.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">Kontak</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <Mail aria-hidden className="size-4" /> support@aipos.co.id
            </li>
            <li className="flex items-center gap-2">
              <Phone aria-hidden className="size-4" /> +62 21 5000 1234
            </li>
            <li className="flex items-center gap-2">
              <MapPin aria-hidden className="size-4" /> Jakarta, Indonesia
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800 px-4 py-4 text-center text-xs">
        <p>© 2024 AIPOS. Hak cipta dilindungi undang-undang.</p>
        <p className="mt-1 space-x-4">
          <Link to="/privacy" className="hover:text-white">
            Kebijakan Privasi
          </Link>
          <Link to="/terms" className="hover:text-white">
            Syarat &amp; Ketentuan
          </Link>
        </p>
      </div>
    </footer>
  );
}
