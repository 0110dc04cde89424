-- Runs once, on the first start of the postgres container (empty volume), as POSTGRES_USER (luxe).
-- One database per service; the services' migrations create the tables.
CREATE DATABASE luxe_identity;
CREATE DATABASE luxe_venues;
CREATE DATABASE luxe_bookings;
CREATE DATABASE luxe_social;
CREATE DATABASE luxe_messaging;
CREATE DATABASE luxe_payments;
CREATE DATABASE luxe_admin;
CREATE DATABASE luxe_notifications;
