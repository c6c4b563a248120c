/**
 * Every word the exports print, in the five UI languages. The Excel and PDF writers take all their
 * labels from here; nothing user-visible is hard-coded elsewhere.
 */
import type { UiLanguage } from '../../src-shared/ipc/contract';
import type { TotalField } from '../../src-shared/estimates/types';
import type { ExportColumn } from './options';

export type { UiLanguage };

export interface ExportLabels {
  /** The document's title word ("Quote", "Angebot"). */
  quote: string;
  company: string;
  customer: string;
  project: string;
  address: string;
  estimateNumber: string;
  issueDate: string;
  validUntil: string;
  status: string;
  currency: string;
  taxId: string;
  phone: string;
  email: string;
  website: string;
  /** Known service statuses; anything else is shown as sent. */
  statuses: Record<string, string>;
  columns: Record<ExportColumn, string>;
  totals: Record<TotalField, string>;
  /** "Tax ({rate})" when every position has the same rate. */
  taxWithRate: (rate: string) => string;
  totalsHeading: string;
  /** Excel totals block: the column computed by the sheet's formulas, and the service's own figures. */
  calculated: string;
  perService: string;
  /** Group subtotal row in the PDF ("Subtotal Kitchen"). */
  subtotalOf: (name: string) => string;
  /** Excel flat sheet. */
  itemsFlat: string;
  flatSuffix: string;
  id: string;
  parentId: string;
  path: string;
  level: string;
  type: string;
  group: string;
  position: string;
  warnings: string;
  /** Prefix of an internal note inside the PDF's item text. */
  internalNote: string;
  page: (page: number, pages: number) => string;
}

const en: ExportLabels = {
  quote: 'Quote',
  company: 'Company',
  customer: 'Customer',
  project: 'Project',
  address: 'Address',
  estimateNumber: 'Quote no.',
  issueDate: 'Issue date',
  validUntil: 'Valid until',
  status: 'Status',
  currency: 'Currency',
  taxId: 'Tax ID',
  phone: 'Phone',
  email: 'Email',
  website: 'Web',
  statuses: { draft: 'Draft', final: 'Final' },
  columns: {
    code: 'Code',
    name: 'Item',
    description: 'Description',
    quantity: 'Qty',
    unit: 'Unit',
    labor_unit_price: 'Labor unit price',
    equipment_unit_price: 'Equipment unit price',
    material_unit_price: 'Material unit price',
    other_unit_price: 'Other unit price',
    labor_cost: 'Labor cost',
    equipment_cost: 'Equipment cost',
    material_cost: 'Material cost',
    other_cost: 'Other cost',
    total_cost: 'Total cost',
    markup: 'Markup',
    discount: 'Discount',
    tax: 'Tax rate',
    total: 'Total',
    internal_notes: 'Internal notes',
  },
  totals: {
    labor_costs_total: 'Labor costs',
    equipment_costs_total: 'Equipment costs',
    material_costs_total: 'Material costs',
    other_costs_total: 'Other costs',
    costs_total: 'Total costs',
    markup_total: 'Markup',
    discount_total: 'Discount',
    subtotal_without_tax: 'Subtotal (excl. tax)',
    tax_total: 'Tax',
    total: 'Total',
  },
  taxWithRate: (rate) => `Tax (${rate})`,
  totalsHeading: 'Totals',
  calculated: 'Calculated',
  perService: 'Per service',
  subtotalOf: (name) => `Subtotal ${name}`,
  itemsFlat: 'Items (flat)',
  flatSuffix: '(flat)',
  id: 'ID',
  parentId: 'Parent ID',
  path: 'Path',
  level: 'Level',
  type: 'Type',
  group: 'Group',
  position: 'Item',
  warnings: 'Warnings',
  internalNote: 'Internal',
  page: (page, pages) => `Page ${page} of ${pages}`,
};

const de: ExportLabels = {
  quote: 'Angebot',
  company: 'Unternehmen',
  customer: 'Kunde',
  project: 'Projekt',
  address: 'Adresse',
  estimateNumber: 'Angebotsnr.',
  issueDate: 'Datum',
  validUntil: 'Gültig bis',
  status: 'Status',
  currency: 'Währung',
  taxId: 'USt-IdNr.',
  phone: 'Tel.',
  email: 'E-Mail',
  website: 'Web',
  statuses: { draft: 'Entwurf', final: 'Endgültig' },
  columns: {
    code: 'Nr.',
    name: 'Bezeichnung',
    description: 'Beschreibung',
    quantity: 'Menge',
    unit: 'Einheit',
    labor_unit_price: 'EP Lohn',
    equipment_unit_price: 'EP Geräte',
    material_unit_price: 'EP Material',
    other_unit_price: 'EP Sonstiges',
    labor_cost: 'Lohnkosten',
    equipment_cost: 'Gerätekosten',
    material_cost: 'Materialkosten',
    other_cost: 'Sonstige Kosten',
    total_cost: 'Kosten gesamt',
    markup: 'Zuschlag',
    discount: 'Rabatt',
    tax: 'MwSt.-Satz',
    total: 'Gesamt',
    internal_notes: 'Interne Notizen',
  },
  totals: {
    labor_costs_total: 'Lohnkosten',
    equipment_costs_total: 'Gerätekosten',
    material_costs_total: 'Materialkosten',
    other_costs_total: 'Sonstige Kosten',
    costs_total: 'Kosten gesamt',
    markup_total: 'Zuschlag',
    discount_total: 'Rabatt',
    subtotal_without_tax: 'Zwischensumme (netto)',
    tax_total: 'MwSt.',
    total: 'Gesamtbetrag',
  },
  taxWithRate: (rate) => `MwSt. (${rate})`,
  totalsHeading: 'Summen',
  calculated: 'Berechnet',
  perService: 'Laut Dienst',
  subtotalOf: (name) => `Summe ${name}`,
  itemsFlat: 'Positionen (flach)',
  flatSuffix: '(flach)',
  id: 'ID',
  parentId: 'Übergeordnete ID',
  path: 'Pfad',
  level: 'Ebene',
  type: 'Typ',
  group: 'Gruppe',
  position: 'Position',
  warnings: 'Warnungen',
  internalNote: 'Intern',
  page: (page, pages) => `Seite ${page} von ${pages}`,
};

const fr: ExportLabels = {
  quote: 'Devis',
  company: 'Entreprise',
  customer: 'Client',
  project: 'Projet',
  address: 'Adresse',
  estimateNumber: 'N° de devis',
  issueDate: 'Date',
  validUntil: 'Valable jusqu’au',
  status: 'Statut',
  currency: 'Devise',
  taxId: 'N° TVA',
  phone: 'Tél.',
  email: 'E-mail',
  website: 'Web',
  statuses: { draft: 'Brouillon', final: 'Définitif' },
  columns: {
    code: 'Réf.',
    name: 'Désignation',
    description: 'Description',
    quantity: 'Qté',
    unit: 'Unité',
    labor_unit_price: 'PU main-d’œuvre',
    equipment_unit_price: 'PU matériel',
    material_unit_price: 'PU fournitures',
    other_unit_price: 'PU autres',
    labor_cost: 'Main-d’œuvre',
    equipment_cost: 'Matériel',
    material_cost: 'Fournitures',
    other_cost: 'Autres coûts',
    total_cost: 'Coût total',
    markup: 'Marge',
    discount: 'Remise',
    tax: 'Taux TVA',
    total: 'Total',
    internal_notes: 'Notes internes',
  },
  totals: {
    labor_costs_total: 'Main-d’œuvre',
    equipment_costs_total: 'Matériel',
    material_costs_total: 'Fournitures',
    other_costs_total: 'Autres coûts',
    costs_total: 'Coûts totaux',
    markup_total: 'Marge',
    discount_total: 'Remise',
    subtotal_without_tax: 'Total HT',
    tax_total: 'TVA',
    total: 'Total TTC',
  },
  taxWithRate: (rate) => `TVA (${rate})`,
  totalsHeading: 'Totaux',
  calculated: 'Calculé',
  perService: 'Selon le service',
  subtotalOf: (name) => `Sous-total ${name}`,
  itemsFlat: 'Postes (à plat)',
  flatSuffix: '(à plat)',
  id: 'ID',
  parentId: 'ID parent',
  path: 'Chemin',
  level: 'Niveau',
  type: 'Type',
  group: 'Groupe',
  position: 'Poste',
  warnings: 'Avertissements',
  internalNote: 'Interne',
  page: (page, pages) => `Page ${page} sur ${pages}`,
};

const pt: ExportLabels = {
  quote: 'Orçamento',
  company: 'Empresa',
  customer: 'Cliente',
  project: 'Projeto',
  address: 'Morada',
  estimateNumber: 'N.º orçamento',
  issueDate: 'Data',
  validUntil: 'Válido até',
  status: 'Estado',
  currency: 'Moeda',
  taxId: 'NIF',
  phone: 'Tel.',
  email: 'E-mail',
  website: 'Web',
  statuses: { draft: 'Rascunho', final: 'Final' },
  columns: {
    code: 'Código',
    name: 'Designação',
    description: 'Descrição',
    quantity: 'Qtd.',
    unit: 'Unid.',
    labor_unit_price: 'PU mão de obra',
    equipment_unit_price: 'PU equipamento',
    material_unit_price: 'PU material',
    other_unit_price: 'PU outros',
    labor_cost: 'Mão de obra',
    equipment_cost: 'Equipamento',
    material_cost: 'Material',
    other_cost: 'Outros custos',
    total_cost: 'Custo total',
    markup: 'Margem',
    discount: 'Desconto',
    tax: 'Taxa IVA',
    total: 'Total',
    internal_notes: 'Notas internas',
  },
  totals: {
    labor_costs_total: 'Mão de obra',
    equipment_costs_total: 'Equipamento',
    material_costs_total: 'Material',
    other_costs_total: 'Outros custos',
    costs_total: 'Custos totais',
    markup_total: 'Margem',
    discount_total: 'Desconto',
    subtotal_without_tax: 'Subtotal s/ IVA',
    tax_total: 'IVA',
    total: 'Total',
  },
  taxWithRate: (rate) => `IVA (${rate})`,
  totalsHeading: 'Totais',
  calculated: 'Calculado',
  perService: 'Segundo o serviço',
  subtotalOf: (name) => `Subtotal ${name}`,
  itemsFlat: 'Artigos (plano)',
  flatSuffix: '(plano)',
  id: 'ID',
  parentId: 'ID pai',
  path: 'Caminho',
  level: 'Nível',
  type: 'Tipo',
  group: 'Grupo',
  position: 'Artigo',
  warnings: 'Avisos',
  internalNote: 'Interno',
  page: (page, pages) => `Página ${page} de ${pages}`,
};

const es: ExportLabels = {
  quote: 'Presupuesto',
  company: 'Empresa',
  customer: 'Cliente',
  project: 'Proyecto',
  address: 'Dirección',
  estimateNumber: 'N.º presupuesto',
  issueDate: 'Fecha',
  validUntil: 'Válido hasta',
  status: 'Estado',
  currency: 'Moneda',
  taxId: 'NIF',
  phone: 'Tel.',
  email: 'Correo',
  website: 'Web',
  statuses: { draft: 'Borrador', final: 'Definitivo' },
  columns: {
    code: 'Código',
    name: 'Concepto',
    description: 'Descripción',
    quantity: 'Cant.',
    unit: 'Ud.',
    labor_unit_price: 'PU mano de obra',
    equipment_unit_price: 'PU maquinaria',
    material_unit_price: 'PU material',
    other_unit_price: 'PU otros',
    labor_cost: 'Mano de obra',
    equipment_cost: 'Maquinaria',
    material_cost: 'Material',
    other_cost: 'Otros costes',
    total_cost: 'Coste total',
    markup: 'Margen',
    discount: 'Descuento',
    tax: 'Tipo IVA',
    total: 'Importe',
    internal_notes: 'Notas internas',
  },
  totals: {
    labor_costs_total: 'Mano de obra',
    equipment_costs_total: 'Maquinaria',
    material_costs_total: 'Material',
    other_costs_total: 'Otros costes',
    costs_total: 'Costes totales',
    markup_total: 'Margen',
    discount_total: 'Descuento',
    subtotal_without_tax: 'Base imponible',
    tax_total: 'IVA',
    total: 'Total',
  },
  taxWithRate: (rate) => `IVA (${rate})`,
  totalsHeading: 'Totales',
  calculated: 'Calculado',
  perService: 'Según el servicio',
  subtotalOf: (name) => `Subtotal ${name}`,
  itemsFlat: 'Partidas (plano)',
  flatSuffix: '(plano)',
  id: 'ID',
  parentId: 'ID padre',
  path: 'Ruta',
  level: 'Nivel',
  type: 'Tipo',
  group: 'Grupo',
  position: 'Partida',
  warnings: 'Advertencias',
  internalNote: 'Interno',
  page: (page, pages) => `Página ${page} de ${pages}`,
};

const LABELS: Record<UiLanguage, ExportLabels> = {
  'en-US': en,
  'de-DE': de,
  'fr-FR': fr,
  'pt-PT': pt,
  'es-ES': es,
};

export function labelsFor(language: UiLanguage): ExportLabels {
  return LABELS[language] ?? en;
}

/** A service status in the UI language; unknown statuses as sent, null as ''. */
export function statusLabel(labels: ExportLabels, status: string | null): string {
  if (status === null) return '';
  return labels.statuses[status.toLowerCase()] ?? status;
}
