import { Download, Home, Link2, MessageCircle } from 'lucide-react';
import { MESSAGES } from '../../../domain/messages';
import type { StatusResult } from '../../../domain/status-lookup';
import { statusLink, STATUS_PAGE_TEXTS as T, whatsappShareText, whatsappShareUrl } from '../../../domain/status-texts';
import { LinkButton } from '../../components/link-button';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';

/** Kembali ke Beranda, Share WhatsApp, Salin Link and Unduh Bukti; none of them is printed. */
export function StatusActions({ result }: { result: StatusResult }) {
  const link = statusLink(window.location.origin, result.kode_pendaftaran);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(MESSAGES.linkCopied);
    } catch {
      toast.error(MESSAGES.copyFailed);
    }
  };

  return (
    <div className="mt-6 flex flex-wrap gap-3 print:hidden">
      <LinkButton to="/" variant="secondary">
        <Home aria-hidden /> {T.home}
      </LinkButton>
      <Button asChild variant="secondary">
        <a href={whatsappShareUrl(whatsappShareText(result, link))} target="_blank" rel="noopener noreferrer">
          <MessageCircle aria-hidden /> {T.shareWhatsApp}
        </a>
      </Button>
      <Button variant="secondary" onClick={() => void copyLink()}>
        <Link2 aria-hidden /> {T.copyLink}
      </Button>
      {/* The print stylesheet turns the page into a one-page receipt; the browser offers "save as PDF". */}
      <Button onClick={() => window.print()}>
        <Download aria-hidden /> {T.print}
      </Button>
    </div>
  );
}
