import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from './ui/button';

type RecordNotFoundProps = {
  title: string;
  explanation: string;
  /** The list the record belongs to, and the back button's text. */
  backTo: string;
  backLabel: string;
};

/** An admin detail screen whose id the API answers with 404: what happened, and the way back to the list. */
export function RecordNotFound({ title, explanation, backTo, backLabel }: RecordNotFoundProps) {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center">
      <SearchX aria-hidden className="size-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-600">{explanation}</p>
      <Button asChild className="mt-6">
        <Link to={backTo}>
          <ArrowLeft aria-hidden /> {backLabel}
        </Link>
      </Button>
    </main>
  );
}
