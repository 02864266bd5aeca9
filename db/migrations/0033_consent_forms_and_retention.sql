-- Placeholder reserved for issue work (consent); replaced by its tables.
select 1;
